import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';

export interface SessionRepository {
  create(session: { id: string; userId: string; expiresAt: Date; userAgent: string | null }): Promise<Session>;
  findById(id: string): Promise<Session | null>;
  /**
   * The session with its user, in one round trip (it runs on every authenticated request). Null when
   * the session or its user does not exist; whether the session is still live is the caller's question.
   */
  findWithUser(id: string): Promise<{ session: Session; user: User } | null>;
  /**
   * Revokes `oldId` and creates `next` in one step. Returns false (and changes nothing) when `oldId` was
   * no longer live, so two concurrent refreshes with the same token cannot both succeed.
   */
  rotate(oldId: string, next: { id: string; userId: string; expiresAt: Date; userAgent: string | null }, now: Date): Promise<boolean>;
  revoke(id: string, now: Date): Promise<void>;
}

export const SESSION_REPOSITORY = Symbol('SessionRepository');
