// @vitest-environment node
// The API client tells the registered connection hooks whether each call reached the server.
import { describe, expect, it } from 'vitest';
import { createApiClient, type ConnectionHooks } from '../api-client';

function recordConnection() {
  const seen: string[] = [];
  const hooks: ConnectionHooks = { reachable: () => seen.push('reachable'), unreachable: () => seen.push('unreachable') };
  return { seen, hooks };
}

const answer = (status: number) => () => Promise.resolve(new Response(status === 204 ? null : '{}', { status }));

describe('API client connection hooks', () => {
  it('reports a network error as unreachable and still fails the call', async () => {
    const api = createApiClient({ prefixUrl: 'http://app.test/api', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { seen, hooks } = recordConnection();
    api.setConnectionHooks(hooks);

    await expect(api.get('tokens/state')).rejects.toThrow('Failed to fetch');
    expect(seen).toEqual(['unreachable']);
  });

  it.each([502, 503, 504])('reports a gateway %i as unreachable', async (status) => {
    const api = createApiClient({ prefixUrl: 'http://app.test/api', fetch: answer(status) });
    const { seen, hooks } = recordConnection();
    api.setConnectionHooks(hooks);

    await expect(api.get('tokens/state')).rejects.toThrow();
    expect(seen).toEqual(['unreachable']);
  });

  it.each([200, 204, 404, 500])('reports an answer of the server (%i) as reachable', async (status) => {
    const api = createApiClient({ prefixUrl: 'http://app.test/api', fetch: answer(status) });
    const { seen, hooks } = recordConnection();
    api.setConnectionHooks(hooks);

    await api.get('tokens/state', { throwHttpErrors: false });
    expect(seen).toEqual(['reachable']);
  });

  it('says nothing of a cancelled call', async () => {
    const api = createApiClient({
      prefixUrl: 'http://app.test/api',
      fetch: () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
    });
    const { seen, hooks } = recordConnection();
    api.setConnectionHooks(hooks);

    await expect(api.get('tokens/state')).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});
