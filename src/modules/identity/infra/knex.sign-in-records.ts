import type { Database } from '../../../platform/db/database.js';
import type { SignInRecords } from '../application/ports/sign-in-records.port.js';

/** Counts come from `returning`: the embedded driver answers a DELETE with its raw result, not a count. */
export class KnexSignInRecords implements SignInRecords {
  constructor(private readonly db: Database) {}

  async deleteEndedSessions(before: Date, limit: number): Promise<number> {
    // Found through the indexes of expires_at and revoked_at (migration 20261201100000).
    const ended = this.db('sessions')
      .select('id')
      .where((ends) => ends.where('expires_at', '<', before).orWhere('revoked_at', '<', before))
      .limit(limit);
    return (await this.db('sessions').whereIn('id', ended).delete().returning('id')).length;
  }

  async deleteExpiredSignIns(now: Date, limit: number): Promise<number> {
    const expired = this.db('oauth_states').select('state_hash').where('expires_at', '<=', now).limit(limit);
    return (await this.db('oauth_states').whereIn('state_hash', expired).delete().returning('state_hash')).length;
  }
}
