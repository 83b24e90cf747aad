import { GoogleDocsDocStore, type GoogleDocsDocStoreOptions } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import type { FakeGoogleDocs } from './fake-google-docs.server.js';

type StoreTuning = Omit<GoogleDocsDocStoreOptions, 'clientId' | 'clientSecret' | 'credentials' | 'rootUrl' | 'tokenUrl'>;

/**
 * The real Google Docs adapter pointed at the fake server: its client, its API root and its token endpoint.
 * Tests wait 2 s for an answer and retry twice, a millisecond apart, unless `tuning` says otherwise.
 */
export function googleStoreOn(google: FakeGoogleDocs, credentials: ProviderCredentials, tuning: Partial<StoreTuning> = {}): GoogleDocsDocStore {
  return new GoogleDocsDocStore({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    credentials,
    rootUrl: google.rootUrl,
    tokenUrl: google.tokenUrl,
    timeoutMs: 2_000,
    retry: { retries: 2, baseDelayMs: 1 },
    ...tuning,
  });
}

/** The users' stored grants, as the identity module would hand them out: a refresh token per user id. */
export class StoredGrants implements ProviderCredentials {
  readonly tokens = new Map<string, string>();
  refreshTokenOf(userId: string): Promise<string | null> {
    return Promise.resolve(this.tokens.get(userId) ?? null);
  }
}
