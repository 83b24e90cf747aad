import { describe, expect, it } from 'vitest';
import { ProcessMail } from '../../../../src/modules/mail/index.js';
import { GrantTokens } from '../../../../src/modules/token-ledger/index.js';
import { InMemoryDocStore } from '../../../support/fakes/in-memory-documents.js';
import { sendMail } from '../../../support/mail.js';
import { databaseKinds } from '../../../support/test-database.js';
import { useTestApp } from '../../../support/use-test-app.js';
import { aDocumentOwner } from '../../../support/document-owner.js';
import { DOC_STORE } from '../../../../src/modules/documents/index.js';
import { override } from '../../../../src/platform/wiring/overrides.js';

/**
 * What one ordinary mail costs the database, from claiming its run to ending it processed: counted, so
 * the number cannot creep back up unnoticed. The document store is in memory here (in production it is
 * Google Docs, not this database); on Postgres two notices (the mail changed, the balance changed) go out
 * as `pg_notify` on top. Every write is one statement of its own: no transaction is opened. The first
 * mail of an owner in a process also reads the owner's name and address for the model (kept in the
 * process afterwards, identity.mail-readers.ts): counted here, as this is that first mail.
 */
const LIMITS = {
  pglite: { statements: 10, transactions: 0 },
  postgres: { statements: 12, transactions: 0 },
};

describe.each(databaseKinds())('statements per processed mail (%s)', (kind) => {
  // No worker role: the test runs the one job itself, with every statement counted.
  const { app, database } = useTestApp(kind, { env: { INBOUND_DOMAIN: 'in.example.com' }, roles: ['http', 'smtp'], overrides: [override(DOC_STORE, new InMemoryDocStore())] });

  it(`processes an ordinary allowed mail in at most ${LIMITS[kind].statements} statements and ${LIMITS[kind].transactions} transactions`, async () => {
    const { userId, doc } = await aDocumentOwner(app, { docName: 'Invoices', allowedEmails: ['boss@example.com'] });
    await app.container.resolve(GrantTokens).execute({ userId, sourceKey: `${userId}:g`, tokens: 10, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'Q3 invoice', text: 'The Q3 invoice is overdue. Please pay by Friday.' });
    const { id } = (await database.db('inbound_messages').first('id')) as { id: string };

    const sql: string[] = [];
    const count = (query: { sql: string }) => sql.push(query.sql);
    database.db.on('query', count);
    try {
      await app.container.resolve(ProcessMail).execute(id);
    } finally {
      database.db.off('query', count);
    }

    expect(await database.db('inbound_messages').where({ id }).first('status', 'used_tokens', 'run_lease_until')).toEqual({ status: 'processed', used_tokens: 1, run_lease_until: null });
    const statements = sql.filter((text) => !/^(BEGIN|COMMIT)/i.test(text.trim()));
    const transactions = sql.filter((text) => /^BEGIN/i.test(text.trim()));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(LIMITS[kind].statements);
    expect(transactions.length, sql.join('\n')).toBeLessThanOrEqual(LIMITS[kind].transactions);
    // No idempotency key is looked up before it is written: reserve and settle write once, with ON CONFLICT.
    expect(statements.filter((text) => /from "token_ledger"/.test(text) && !/insert/i.test(text)).length, statements.join('\n')).toBeLessThanOrEqual(1);
  });
});
