import { KnexUserRepository } from '../../src/modules/identity/infra/knex.user.repository.js';
import type { Database } from '../../src/platform/db/database.js';

/** A user row, as sign-in would create it. */
export async function aUser(db: Database, email = `user-${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<string> {
  const { user } = await new KnexUserRepository(db).upsertFromProvider({
    provider: 'dev',
    providerSubject: `dev:${email}`,
    email,
    name: email,
    picture: null,
    scopes: [],
    sealedRefreshToken: null,
  });
  return user.id;
}
