import type { Database } from '../../../../platform/db/database.js';
import type { HeldMail, HeldMessage } from '../../application/ports/held-mail.port.js';
import type { MessageRow } from './message-row.mapping.js';

/** One owner's held mail, on the (owner_id, status) index. */
export class KnexHeldMail implements HeldMail {
  constructor(private readonly db: Database) {}

  async heldOf(ownerId: string): Promise<HeldMessage[]> {
    const rows = (await this.db('inbound_messages')
      .where({ owner_id: ownerId, status: 'held' })
      .orderBy([{ column: 'received_at' }, { column: 'id' }])
      .select('id', 'owner_id', 'cost_tokens', 'held_at')) as Pick<MessageRow, 'id' | 'owner_id' | 'cost_tokens' | 'held_at'>[];
    return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, costTokens: row.cost_tokens, heldAt: row.held_at }));
  }

  async countHeld(ownerId: string): Promise<number> {
    const row = (await this.db('inbound_messages').where({ owner_id: ownerId, status: 'held' }).count({ held: '*' }).first()) as { held: number | string } | undefined;
    return Number(row?.held ?? 0);
  }
}
