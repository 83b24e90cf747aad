import type { UserRepository } from '../../../identity/index.js';
import { TtlCache } from '../../../../platform/caching/ttl-cache.js';
import type { MailReader, MailReaders } from '../../application/ports/mail-readers.port.js';
import { MINUTE_MS } from '../../../../shared/clock.js';

/**
 * The document owner from the identity module's users, kept in the process for a few minutes: a name
 * only shapes the prompt, so a rename reaching the model a little late harms nothing, while a lookup per
 * mail would be one more statement on the pipeline's hot path.
 */
export class IdentityMailReaders implements MailReaders {
  private readonly cache = new TtlCache<MailReader>({ ttlMs: 10 * MINUTE_MS, maxEntries: 10_000, now: () => Date.now() });

  constructor(private readonly users: UserRepository) {}

  readerOf(ownerId: string): Promise<MailReader | null> {
    return this.cache.getOrLoad(
      ownerId,
      async () => {
        const user = await this.users.findById(ownerId);
        return user ? { name: user.name, address: user.email } : null;
      },
      () => true,
    );
  }
}
