import { api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session-store';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toSessionUser(body: unknown): SessionUser {
  const user = isRecord(body) ? body['user'] : undefined;
  if (!isRecord(user) || typeof user['id'] !== 'string' || typeof user['email'] !== 'string') {
    throw new Error('GET /api/status answered without a user.');
  }
  return {
    id: user['id'],
    email: user['email'],
    name: typeof user['name'] === 'string' ? user['name'] : '',
    picture: typeof user['picture'] === 'string' ? user['picture'] : null,
  };
}

/** GET /api/status: the signed-in user; rejects when the session is not valid. */
export async function getSessionStatus(): Promise<SessionUser> {
  return toSessionUser(await api.get('status').json<unknown>());
}
