import { GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import type { FakeGoogleDocs } from './fake-google-docs.server.js';

/** The real Google Docs adapter pointed at the fake server: its client, its API root and its token endpoint. */
export function googleStoreOn(
  google: FakeGoogleDocs,
  credentials: ProviderCredentials,
  options: { timeoutMs: number; retry: { retries: number; baseDelayMs: number } } = { timeoutMs: 2_000, retry: { retries: 2, baseDelayMs: 5 } },
): GoogleDocsDocStore {
  return new GoogleDocsDocStore({ clientId: google.clientId, clientSecret: google.clientSecret, credentials, rootUrl: google.rootUrl, tokenUrl: google.tokenUrl, ...options });
}
