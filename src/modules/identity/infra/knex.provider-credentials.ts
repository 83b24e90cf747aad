import type { Database } from '../../../platform/db/database.js';
import type { ProviderCredentials } from '../application/ports/provider-credentials.port.js';
import type { SecretSealer } from '../application/ports/secret-sealer.port.js';

export class KnexProviderCredentials implements ProviderCredentials {
  constructor(
    private readonly db: Database,
    private readonly sealer: SecretSealer,
  ) {}

  async refreshTokenOf(userId: string): Promise<string | null> {
    const row = (await this.db('users').where({ id: userId }).first('provider_refresh_token_enc')) as { provider_refresh_token_enc: string | null } | undefined;
    return row?.provider_refresh_token_enc ? this.sealer.open(row.provider_refresh_token_enc) : null;
  }
}
