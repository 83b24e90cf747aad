// The one HTTP client for /api. It attaches the bearer and repeats a request once after a 401
// when the registered session policy says so. It knows no store: the app registers the policy.
import ky, { type KyInstance } from 'ky';

export type SessionHooks = {
  bearer: () => string | null;
  recover: (sentToken: string | null) => Promise<boolean>;
  giveUp: () => void;
};

/** Per-request switch for calls that handle their own 401 (refresh, logout). */
export const SKIP_SESSION_RECOVERY = { skipSessionRecovery: true } as const;

export type ApiClient = KyInstance & { setSessionHooks: (hooks: SessionHooks | null) => void };

export type ApiClientOptions = {
  prefixUrl?: string;
  fetch?: typeof globalThis.fetch;
};

function sentBearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

export function createApiClient({ prefixUrl = '/api', fetch }: ApiClientOptions = {}): ApiClient {
  let session: SessionHooks | null = null;

  const client = ky.create({
    prefixUrl,
    ...(fetch ? { fetch } : {}),
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
  });
}

export const api = createApiClient();
