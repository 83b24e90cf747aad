import { DAY_MS } from '../../../shared/clock.js';
export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A session lives 30 days from sign-in at most; each refresh rotates it but never extends that. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** App tokens are short-lived; the browser refreshes them while the session lives. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;

export function isSessionLive(session: Session, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}
