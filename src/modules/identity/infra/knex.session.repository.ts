import type { Database } from '../../../platform/db/database.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';
import type { SessionRepository } from '../application/ports/session.repository.port.js';
import { toUser, USER_COLUMNS, type UserRow } from './knex.user.repository.js';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const SESSION_COLUMNS = ['id', 'user_id', 'created_at', 'expires_at', 'revoked_at'] as const;

type NewSession = { id: string; userId: string; expiresAt: Date; userAgent: string | null };

// Session ids are uuid columns: any other text (a signed token can carry anything in `sid`) would make
// the database refuse the query instead of finding nothing.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

export class KnexSessionRepository implements SessionRepository {
  constructor(private readonly db: Database) {}

  async create(session: NewSession): Promise<Session> {
    const [row] = (await this.db('sessions').insert(toRow(session)).returning('*')) as SessionRow[];
    if (!row) throw new Error('insert returned no row');
    return toSession(row);
  }

  async findById(id: string): Promise<Session | null> {
    if (!isUuid(id)) return null;
    const row = (await this.db('sessions').where({ id }).first()) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  async findWithUser(id: string): Promise<{ session: Session; user: User } | null> {
    if (!isUuid(id)) return null;
    // Both tables share column names (id, created_at): each side is selected under a prefix and read
    // back through the same mappers the two repositories use.
    const row = (await this.db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id', id)
      .first([...SESSION_COLUMNS.map((column) => `s.${column} as s_${column}`), ...USER_COLUMNS.map((column) => `u.${column} as u_${column}`)])) as
      | Record<string, unknown>
      | undefined;
    if (!row) return null;
    return {
      session: toSession(unprefixed(row, 's_', SESSION_COLUMNS) as unknown as SessionRow),
      user: toUser(unprefixed(row, 'u_', USER_COLUMNS) as unknown as UserRow),
    };
  }

  async rotate(oldId: string, next: NewSession, now: Date): Promise<boolean> {
    if (!isUuid(oldId)) return false;
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
    if (!isUuid(id)) return;
    await this.db('sessions').where({ id }).whereNull('revoked_at').update({ revoked_at: now });
  }
}

function toRow(session: NewSession) {
  return { id: session.id, user_id: session.userId, expires_at: session.expiresAt, user_agent: session.userAgent };
}

function unprefixed(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, row[`${prefix}${column}`]]));
}

function toSession(row: SessionRow): Session {
  return { id: row.id, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}
