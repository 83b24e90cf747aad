import type { Database } from '../../../platform/db/database.js';
import type { Session } from '../domain/session.js';
import type { SessionRepository } from '../application/ports/session.repository.port.js';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

type NewSession = { id: string; userId: string; expiresAt: Date; userAgent: string | null };

export class KnexSessionRepository implements SessionRepository {
  constructor(private readonly db: Database) {}

  async create(session: NewSession): Promise<Session> {
    const [row] = (await this.db('sessions').insert(toRow(session)).returning('*')) as SessionRow[];
    if (!row) throw new Error('insert returned no row');
    return toSession(row);
  }

  async findById(id: string): Promise<Session | null> {
    const row = (await this.db('sessions').where({ id }).first()) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  async rotate(oldId: string, next: NewSession, now: Date): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      // The conditional update is the lock: of two concurrent rotations only one sees a live row.
      const revoked = await trx('sessions')
        .where({ id: oldId })
        .whereNull('revoked_at')
        .where('expires_at', '>', now)
        .update({ revoked_at: now, replaced_by: next.id });
      if (revoked !== 1) return false;
      await trx('sessions').insert(toRow(next));
      return true;
    });
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.db('sessions').where({ id }).whereNull('revoked_at').update({ revoked_at: now });
  }
}

function toRow(session: NewSession) {
  return { id: session.id, user_id: session.userId, expires_at: session.expiresAt, user_agent: session.userAgent };
}

function toSession(row: SessionRow): Session {
  return { id: row.id, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}
