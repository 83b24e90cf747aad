import type { Session } from '../../domain/session.js';

export interface SessionRepository {
  create(session: { id: string; userId: string; expiresAt: Date; userAgent: string | null }): Promise<Session>;
  findById(id: string): Promise<Session | null>;
  /**
   * Revokes `oldId` and creates `next` in one step. Returns false (and changes nothing) when `oldId` was
   * no longer live, so two concurrent refreshes with the same token cannot both succeed.
   */
  rotate(oldId: string, next: { id: string; userId: string; expiresAt: Date; userAgent: string | null }, now: Date): Promise<boolean>;
  revoke(id: string, now: Date): Promise<void>;
}

export const SESSION_REPOSITORY = Symbol('SessionRepository');
