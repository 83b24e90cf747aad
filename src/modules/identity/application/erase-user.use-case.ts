import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { ACCOUNT_RECORDS, type AccountErasureStep, type AccountRecords } from './ports/account-records.port.js';
import { SESSION_REPOSITORY, type SessionRepository } from './ports/session.repository.port.js';

/**
 * Erases a user for good, in one transaction that other modules join (`within`): their sessions and their
 * row. After the commit every session is ended in every process's cache too, so no token authenticates.
 */
@injectable()
export class EraseUser {
  constructor(
    @inject(ACCOUNT_RECORDS) private readonly accounts: AccountRecords,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, within: AccountErasureStep): Promise<void> {
    const sessionIds = await this.accounts.erase(userId, within);
    if (!sessionIds) throw new AppError(GenericErrors.UNAUTHENTICATED, 'This account no longer exists.');
    // The rows are gone; revoking drops the cached copies (and signals the other processes).
    for (const id of sessionIds) await this.sessions.revoke(id, this.clock.now());
  }
}
