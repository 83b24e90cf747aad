import { newId } from '../../../shared/ids.js';
import { SESSION_LIFETIME_MS } from '../domain/session.js';

export function newSessionFields(userId: string, now: Date, userAgent: string | null, expiresAt?: Date) {
  return {
    id: newId(),
    userId,
    expiresAt: expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
  };
}
