import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../shared/ids.js';
import type { User } from '../domain/user.js';
import type { UpsertUserInput, UserRepository } from '../application/ports/user.repository.port.js';

/** The columns a `User` is read from; shared with the session repository's join. */
export interface UserRow {
  id: string;
  provider: string;
  provider_subject: string;
  email: string;
  name: string;
  picture: string | null;
  created_at: Date;
}

export const USER_COLUMNS = ['id', 'provider', 'provider_subject', 'email', 'name', 'picture', 'created_at'] as const;

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Database) {}

  async upsertFromProvider(input: UpsertUserInput): Promise<{ user: User; created: boolean }> {
    const row = {
      id: newId(),
      provider: input.provider,
      provider_subject: input.providerSubject,
      email: input.email,
      name: input.name,
      picture: input.picture,
      provider_scopes: input.scopes,
      provider_refresh_token_enc: input.sealedRefreshToken,
    };
    const merge: Record<string, unknown> = {
      email: input.email,
      name: input.name,
      picture: input.picture,
      provider_scopes: input.scopes,
      updated_at: this.db.fn.now(),
    };
    if (input.sealedRefreshToken) merge.provider_refresh_token_enc = input.sealedRefreshToken;
    // `xmax = 0` is true only for a freshly inserted row: it tells creation from update in one statement.
    const [result] = (await this.db('users')
      .insert(row)
      .onConflict(['provider', 'provider_subject'])
      .merge(merge)
      .returning([...USER_COLUMNS, this.db.raw('(xmax = 0) as inserted')])) as (UserRow & { inserted: boolean })[];
    if (!result) throw new Error('upsert returned no row');
    return { user: toUser(result), created: result.inserted };
  }

  async findById(id: string): Promise<User | null> {
    const row = (await this.db('users').select(USER_COLUMNS).where({ id }).first()) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async findByEmail(email: string): Promise<User[]> {
    const rows = (await this.db('users').select(USER_COLUMNS).whereRaw('lower(email) = ?', [email.toLowerCase()]).orderBy('created_at')) as UserRow[];
    return rows.map(toUser);
  }
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    provider: row.provider,
    providerSubject: row.provider_subject,
    email: row.email,
    name: row.name,
    picture: row.picture,
    createdAt: row.created_at,
  };
}
