import { inject, injectable } from 'tsyringe';
import { SIGN_IN_RECORDS, type SignInRecords } from './ports/sign-in-records.port.js';

/**
 * What the retention job asks of identity: ended sessions and expired sign-ins go. A deleted session
 * behaves as a revoked one (its tokens are refused), so nothing live is touched.
 */
@injectable()
export class SignInRetention {
  constructor(@inject(SIGN_IN_RECORDS) private readonly records: SignInRecords) {}

  deleteEndedSessions(before: Date, limit: number): Promise<number> {
    return this.records.deleteEndedSessions(before, limit);
  }

  deleteExpiredSignIns(now: Date, limit: number): Promise<number> {
    return this.records.deleteExpiredSignIns(now, limit);
  }
}
