import { api, SKIP_SESSION_RECOVERY } from '@/lib/api-client';

/** POST /api/refresh with the given bearer. The server rotates: the old token stops working. */
export async function refreshSessionToken(token: string): Promise<string> {
  const body = await api
    .post('refresh', { headers: { Authorization: `Bearer ${token}` }, context: SKIP_SESSION_RECOVERY })
    .json<{ token?: unknown }>();
  if (typeof body.token !== 'string' || body.token === '') {
    throw new Error('POST /api/refresh answered without a token.');
  }
  return body.token;
}
