// Query keys of the session (GET /api/status). Exported, so a server event (a session revoked elsewhere)
// can invalidate it.

export const sessionKeys = {
  all: ['session'] as const,
  /** The signed-in user, as GET /api/status confirms the session. */
  status: () => [...sessionKeys.all, 'status'] as const,
};
