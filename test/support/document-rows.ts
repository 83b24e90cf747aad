import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/platform/db/database.js';

/**
 * A document row of `ownerId`, linked to a local document, as creating one leaves it; for tests of tables
 * that point at a document. Answers its id.
 */
export async function aDocumentRow(db: Database, ownerId: string, name = 'Doc'): Promise<string> {
  const id = randomUUID();
  const token = id.replace(/-/g, '').slice(0, 10);
  const prefix = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await db('documents').insert({ id, owner_id: ownerId, name, forward_token: token, forward_email: `${prefix}-${token}@in.example.com`, external_id: `local-${token}` });
  return id;
}
