import type { Database } from '../../../platform/db/database.js';
import type { ProcessedEventStore } from '../application/ports/processed-event.store.port.js';

export class KnexProcessedEventStore implements ProcessedEventStore {
  constructor(private readonly db: Database) {}

  async has(eventId: string): Promise<boolean> {
    return (await this.db('billing_webhook_events').where({ event_id: eventId }).first()) !== undefined;
  }

  async add(eventId: string, type: string): Promise<void> {
    // Two deliveries applied at once both get here: the handlers are idempotent, the row is kept once.
    await this.db('billing_webhook_events').insert({ event_id: eventId, type }).onConflict('event_id').ignore();
  }
}
