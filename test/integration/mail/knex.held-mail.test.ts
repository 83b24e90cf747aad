import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KnexHeldMail } from '../../../src/modules/mail/infra/persistence/knex.held-mail.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000);

describe.each(databaseKinds())('one user’s held mail (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });

  async function anOwnerWithADocument(email: string): Promise<{ ownerId: string; documentId: string }> {
    const ownerId = await aUser(database.db, email);
    const documentId = await aDocumentRow(database.db, ownerId, 'Notes');
    return { ownerId, documentId };
  }

  async function aMail(owner: { ownerId: string; documentId: string }, status: string, receivedAt: Date, costTokens: number | null = null): Promise<string> {
    const id = randomUUID();
    await database.db('inbound_messages').insert({
      id,
      document_id: owner.documentId,
      owner_id: owner.ownerId,
      status,
      envelope: JSON.stringify({ mailFrom: 'ada@example.com', recipients: [] }),
      raw: Buffer.from('Subject: Plans\r\n\r\nThe plans.'),
      size_bytes: 30,
      source_mail: 'ada@example.com',
      subject: 'Plans',
      cost_tokens: costTokens,
      received_at: receivedAt,
      finished_at: status === 'held' || status === 'received' ? null : receivedAt,
      held_at: status === 'held' ? receivedAt : null,
    });
    return id;
  }

  it('lists only the owner’s held mail, oldest first, with what the sweep weighs', async () => {
    const ada = await anOwnerWithADocument('ada@example.com');
    const bob = await anOwnerWithADocument('bob@example.com');
    const newer = await aMail(ada, 'held', at(5), 3);
    const older = await aMail(ada, 'held', at(1));
    await aMail(ada, 'processed', at(0));
    await aMail(ada, 'received', at(2));
    await aMail(bob, 'held', at(0));

    const held = await new KnexHeldMail(database.db).heldOf(ada.ownerId);

    expect(held).toEqual([
      { id: older, ownerId: ada.ownerId, costTokens: null, heldAt: at(1) },
      { id: newer, ownerId: ada.ownerId, costTokens: 3, heldAt: at(5) },
    ]);
  });

  it('counts only the owner’s held mail, and none for an owner without any', async () => {
    const ada = await anOwnerWithADocument('ada@example.com');
    const bob = await anOwnerWithADocument('bob@example.com');
    await aMail(ada, 'held', at(0));
    await aMail(ada, 'held', at(1));
    await aMail(ada, 'failed', at(2));
    await aMail(bob, 'processed', at(0));

    const heldMail = new KnexHeldMail(database.db);
    expect(await heldMail.countHeld(ada.ownerId)).toBe(2);
    expect(await heldMail.countHeld(bob.ownerId)).toBe(0);
  });
});
