import { afterAll, beforeAll } from 'vitest';
import { DOC_STORE } from '../../src/modules/documents/index.js';
import { AesGcmSecretSealer } from '../../src/modules/identity/infra/aes-gcm.secret-sealer.js';
import { KnexProviderCredentials } from '../../src/modules/identity/infra/knex.provider-credentials.js';
import { override } from '../../src/platform/wiring/overrides.js';
import { startFakeGoogleDocs, type FakeGoogleDocs } from './fakes/fake-google-docs.server.js';
import { googleStoreOn } from './fakes/fake-google-docs.store.js';
import { late } from './late.js';
import { TEST_ENCRYPTION_KEY } from './test-config.js';
import type { DatabaseKind } from './test-database.js';
import { useTestApp, type UsedTestApp, type UseTestAppOptions } from './use-test-app.js';

export interface UsedGoogleDocsApp extends UsedTestApp {
  google: FakeGoogleDocs;
  /**
   * Stores for the user (every user when none is named) the sealed refresh token a Google sign-in as
   * `account` stores; answers the token.
   */
  grantGoogle(account: string, userId?: string): Promise<string>;
}

/**
 * For a `describe` block: the app writing through the real Google Docs adapter, reading each user's
 * stored grant, into a fake Google Docs server that starts before the app and closes after it.
 */
export function useGoogleDocsApp(kind: DatabaseKind, options: UseTestAppOptions = {}): UsedGoogleDocsApp {
  const sealer = new AesGcmSecretSealer(TEST_ENCRYPTION_KEY);
  let google: FakeGoogleDocs | null = null;
  const started = (): FakeGoogleDocs => {
    if (!google) throw new Error('useGoogleDocsApp: the fake Google Docs is used before its beforeAll ran');
    return google;
  };
  beforeAll(async () => {
    google = await startFakeGoogleDocs();
  });
  afterAll(() => google?.close());
  const { app, database } = useTestApp(kind, (opened) => ({
    ...options,
    overrides: [override(DOC_STORE, googleStoreOn(started(), new KnexProviderCredentials(opened.db, sealer))), ...(options.overrides ?? [])],
  }));
  const grantGoogle = async (account: string, userId?: string): Promise<string> => {
    const refreshToken = started().issueRefreshToken(account);
    const users = database.db('users');
    await (userId ? users.where({ id: userId }) : users).update({ provider_refresh_token_enc: sealer.seal(refreshToken) });
    return refreshToken;
  };
  return { app, database, google: late(started), grantGoogle };
}
