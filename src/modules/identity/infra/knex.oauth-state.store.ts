import { createHash } from 'node:crypto';
import type { Database } from '../../../platform/db/database.js';
import { parseSignInMode } from '../domain/sign-in.js';
import type { OAuthStateStore, PendingSignIn } from '../application/ports/oauth-state.store.port.js';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

export class KnexOAuthStateStore implements OAuthStateStore {
  constructor(private readonly db: Database) {}

  async save(key: string, pending: PendingSignIn, expiresAt: Date, now: Date): Promise<void> {
    await this.db('oauth_states').insert({
      state_hash: hash(key),
      mode: pending.mode,
      code_verifier: pending.codeVerifier,
      expires_at: expiresAt,
    });
    // Abandoned sign-ins are swept as soon as they expire, as new ones start: with starts throttled per
    // address, the table holds at most ten minutes of sign-ins, without a scheduler.
    await this.db('oauth_states').where('expires_at', '<=', now).delete();
  }

  async consume(key: string, now: Date): Promise<PendingSignIn | null> {
    // DELETE … RETURNING makes the state single-use even when two callbacks race.
    const [row] = (await this.db('oauth_states')
      .where({ state_hash: hash(key) })
      .delete()
      .returning(['mode', 'code_verifier', 'expires_at'])) as { mode: string; code_verifier: string; expires_at: Date }[];
    if (!row || row.expires_at.getTime() <= now.getTime()) return null;
    const mode = parseSignInMode(row.mode);
    return mode ? { mode, codeVerifier: row.code_verifier } : null;
  }
}
