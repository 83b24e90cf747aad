import { createHash } from 'node:crypto';
import type { Database } from '../../../platform/db/database.js';
import { parseSignInMode } from '../domain/sign-in.js';
import type { OAuthStateStore, PendingSignIn } from '../application/ports/oauth-state.store.port.js';

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

export class KnexOAuthStateStore implements OAuthStateStore {
  constructor(private readonly db: Database) {}

  async save(state: string, pending: PendingSignIn, expiresAt: Date): Promise<void> {
    await this.db('oauth_states').insert({
      state_hash: hash(state),
      mode: pending.mode,
      code_verifier: pending.codeVerifier,
      expires_at: expiresAt,
    });
    // Abandoned sign-ins are swept as new ones start; the table stays tiny without a scheduler.
    await this.db('oauth_states').where('expires_at', '<', new Date(expiresAt.getTime() - 24 * 3600_000)).delete();
  }

  async consume(state: string, now: Date): Promise<PendingSignIn | null> {
    // DELETE … RETURNING makes the state single-use even when two callbacks race.
    const [row] = (await this.db('oauth_states')
      .where({ state_hash: hash(state) })
      .delete()
      .returning(['mode', 'code_verifier', 'expires_at'])) as { mode: string; code_verifier: string; expires_at: Date }[];
    if (!row || row.expires_at.getTime() <= now.getTime()) return null;
    const mode = parseSignInMode(row.mode);
    return mode ? { mode, codeVerifier: row.code_verifier } : null;
  }
}
