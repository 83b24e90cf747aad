// The one HTTP client for /api. It attaches the bearer and repeats a request once after a 401
// when the registered session policy says so, and tells the registered connection hooks whether the
// server answered. It knows no store: the app registers the policy and the hooks.
import ky, { type KyInstance } from 'ky';

export type SessionHooks = {
  bearer: () => string | null;
  recover: (sentToken: string | null) => Promise<boolean>;
  giveUp: () => void;
};

/** Per-request switch for calls that handle their own 401 (refresh, logout). */
export const SKIP_SESSION_RECOVERY = { skipSessionRecovery: true } as const;

/** Whether a call reached the server: a network error or a gateway's 502/503/504 did not. */
export type ConnectionHooks = {
  reachable: () => void;
  unreachable: () => void;
};

export type ApiClient = KyInstance & {
  setSessionHooks: (hooks: SessionHooks | null) => void;
  setConnectionHooks: (hooks: ConnectionHooks | null) => void;
};

export type ApiClientOptions = {
  prefixUrl?: string;
  fetch?: typeof globalThis.fetch;
};

function sentBearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** A cancelled request (a newer query, a timeout) says nothing about the server. */
function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export function createApiClient({ prefixUrl = '/api', fetch }: ApiClientOptions = {}): ApiClient {
  let session: SessionHooks | null = null;
  let connection: ConnectionHooks | null = null;

  // Every attempt passes here, so the connection hooks hear of each one. The global fetch is looked
  // up per call: tests replace it after the client exists.
  const watchedFetch: typeof globalThis.fetch = async (input, init) => {
    try {
      const response = await (fetch ?? globalThis.fetch)(input, init);
      if (GATEWAY_STATUSES.has(response.status)) connection?.unreachable();
      else connection?.reachable();
      return response;
    } catch (error) {
      if (!isAbort(error)) connection?.unreachable();
      throw error;
    }
  };

  const client = ky.create({
    prefixUrl,
    fetch: watchedFetch,
    // The only retry is the one forced below after a 401; ky's own retries are off.
    retry: { limit: 1, methods: [], statusCodes: [] },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = session?.bearer();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, options, response, { retryCount }) => {
          if (response.status !== 401 || !session) return;
          if (options.context['skipSessionRecovery'] === true) return;
          if (retryCount > 0) {
            session.giveUp();
            return;
          }
          if (await session.recover(sentBearer(request))) return ky.retry({ delay: 0, code: 'SESSION_REFRESHED' });
        },
      ],
    },
  });

  return Object.assign(client, {
    setSessionHooks: (hooks: SessionHooks | null) => {
      session = hooks;
    },
    setConnectionHooks: (hooks: ConnectionHooks | null) => {
      connection = hooks;
    },
  });
}

export const api = createApiClient();
