// The session calls (docs/api.md § Session).

/** The signed-in user, as GET /api/status shows it. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  picture: string | null;
};

/** GET /api/status. */
export type SessionStatusResponse = { user: SessionUser };

/** POST /api/refresh: the new app token; the old one stops working. */
export type RefreshResponse = { token: string };
