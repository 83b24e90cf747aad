// The session calls (docs/api.md § Session).
import { z } from 'zod/mini';
import { routeTable } from './route.js';

/** The signed-in user, as GET /api/status shows it. */
export const SessionUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** GET /api/status. */
export const SessionStatusResponse = z.strictObject({ user: SessionUser });
export type SessionStatusResponse = z.infer<typeof SessionStatusResponse>;

/** POST /api/refresh: the new app token; the old one stops working. */
export const RefreshResponse = z.strictObject({ token: z.string().check(z.minLength(1)) });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const sessionRoutes = routeTable({
  sessionStatus: { method: 'GET', path: '/api/status', auth: 'bearer', summary: 'The signed-in user.', status: 200, answer: SessionStatusResponse },
  refreshSession: { method: 'POST', path: '/api/refresh', auth: 'bearer', summary: 'A new app token; the old one stops working.', status: 200, answer: RefreshResponse },
  logout: { method: 'POST', path: '/api/logout', auth: 'bearer', summary: 'Ends the session.', status: 204, answer: null },
});
