import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../src/contract/account.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { Database } from '../../src/platform/db/database.js';
import { ACCOUNT_DELETION_KEPT } from '../../src/shared/retention-policy.js';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { verdictOf } from '../support/fakes/fixed-sender-authenticator.js';
import { signIn, userIdOf } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { holders, type Holding } from '../support/database-search.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

// Deleting an account deletes it: afterwards no column of any table (every schema) holds the user's
// email or name, a document's name, a mail's subject or sender. Only the billing records of
// ACCOUNT_DELETION_KEPT stay, and they hold none of those either.

const EMAIL = 'quintessa.owner@example.com';
const NAME = 'Quintessa Marlowe';
const DOC_NAME = 'Borealis ledger notes';
const SUBJECT = 'Zephyrine';
const SENDER = 'ada.verity@senders.example';
const STRANGER = 'mallory.quill@strangers.example';
const NEEDLES = [EMAIL, NAME, DOC_NAME, SUBJECT, SENDER, STRANGER];

/** Every row of the public tables that still carries the user's id, by table. */
async function rowsWithUserId(db: Database, userId: string): Promise<Record<string, number>> {
  const columns = (await db('information_schema.columns').where({ table_schema: 'public' }).whereIn('column_name', ['user_id', 'owner_id']).select('table_name', 'column_name')) as {
    table_name: string;
    column_name: string;
  }[];
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const [row] = (await db(table).where(column, userId).count({ n: '*' })) as { n: string | number }[];
    if (Number(row?.n ?? 0) > 0) counts[table] = Number(row?.n);
  }
  return counts;
}

describe.each(databaseKinds())('deleting an account deletes its data (%s)', (kind) => {
  const { app, database } = useTestApp(kind, receivingMail({ env: { BILLING: 'off' }, overrides: [override(SENDER_AUTHENTICATOR, verdictOf('pass'))] }));
  let token: string;
  let otherToken: string;
  let userId: string;
  let document: DocumentListItem;
  let exported: AccountExport;
  let exportResponse: Response;
  let before: Holding[];

  beforeAll(async () => {
    token = await signIn(app, { email: EMAIL, name: NAME });
    otherToken = await signIn(app, { email: EMAIL, name: NAME });
    userId = await userIdOf(app, token);
    document = await createDocument(app, token, { docName: DOC_NAME, allowedEmails: [SENDER] });
    await sendMail(app, { from: `Ada Verity <${SENDER}>`, to: document.forwardEmail, subject: `${SUBJECT} budget 4821`, text: 'Please approve the budget by Friday.\n\nAda' });
    await sendMail(app, { from: STRANGER, to: document.forwardEmail, subject: `${SUBJECT} invitation 4823`, text: 'Join us for the party.' });
    const mails = await waitForMails(app, token, document.documentId, 2);
    expect(mails.map((mail) => mail.status).sort()).toEqual(['ignored', 'processed']);

    // What a past purchase left (billing is off here): the customer, a paid checkout, an open one, the grant.
    await database.db('billing_customers').insert({ user_id: userId, provider: 'local', customer_id: 'cus_local_1', email: EMAIL, default_payment_method: 'pm_1' });
    const checkout = { user_id: userId, provider: 'local', price_type: 'tokens', quantity: 1, tokens: 1000, unit_amount_cents: 500, total_cents: 500, url: 'http://x.invalid/c', success_url: 'http://x.invalid/s', cancel_url: 'http://x.invalid/c', expires_at: new Date(Date.now() + 3_600_000) };
    await database.db('billing_checkout_sessions').insert([
      { ...checkout, id: 'cs_paid', mode: 'payment', status: 'completed', completed_at: new Date() },
      { ...checkout, id: 'cs_open', mode: 'payment', status: 'open' },
      { ...checkout, id: 'cs_setup', mode: 'setup', status: 'completed', tokens: 0, total_cents: 0 },
    ]);
    await database.db('token_ledger').insert({ user_id: userId, source_key: 'checkout:cs_paid', kind: 'purchase_grant', subscription_delta: 0, additional_delta: 1000, tokens: 1000, description: 'Token purchase', payed_usd_cents: 500 });

    exportResponse = await app.fetch('/api/account/export', { token });
    exported = (await exportResponse.clone().json()) as AccountExport;
    before = await holders(database.db, NEEDLES);

    const wrong = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: 'someone.else@example.com' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'ACCOUNT.EMAIL_MISMATCH', message: expect.stringContaining('does not match') });
    expect((await app.fetch('/api/status', { token })).status).toBe(200);

    const response = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: ` ${EMAIL.toUpperCase()} ` } });
    expect(response.status).toBe(204);
  });

  it('exports the account, its documents, its mail records, its ledger and its subscription as an attachment', () => {
    expect(exportResponse.status).toBe(200);
    expect(exportResponse.headers.get('content-type')).toContain('application/json');
    expect(exportResponse.headers.get('content-disposition')).toMatch(/^attachment; filename="mailscribe-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.account).toEqual({ id: userId, email: EMAIL, name: NAME, createdAt: expect.any(String) });
    expect(exported.documents).toEqual([
      expect.objectContaining({ documentId: document.documentId, documentName: DOC_NAME, forwardEmail: document.forwardEmail, googleDocumentId: document.googleDocumentId, emails: [SENDER], placement: expect.stringMatching(/^(beginning|end)$/) }),
    ]);
    expect(exported.mailRecords.map((mail) => [mail.subject, mail.sender, mail.status]).sort()).toEqual([
      [`${SUBJECT} budget 4821`, SENDER, 'processed'],
      [`${SUBJECT} invitation 4823`, STRANGER, 'ignored'],
    ]);
    expect(exported.mailRecords.every((mail) => mail.documentId === document.documentId && mail.receivedAt.length > 0)).toBe(true);
    // Metadata and the block as written into the document (the privacy policy's record of an email): no
    // raw message, no parsed text, no stored summary, no internal keys; the summary only inside its block.
    const processed = exported.mailRecords.find((mail) => mail.status === 'processed');
    expect(processed?.block).toMatchObject({ heading: `${SUBJECT} budget 4821`, summary: [expect.stringContaining('approve the budget')] });
    expect(processed?.history.map((change) => change.status)).toEqual(['received', 'processing', 'processed']);
    expect(exported.mailRecords.find((mail) => mail.status === 'ignored')?.block).toBeNull();
    const withoutBlocks = { ...exported, mailRecords: exported.mailRecords.map((mail) => ({ ...mail, block: null })) };
    expect(JSON.stringify(withoutBlocks)).not.toMatch(/approve the budget|"raw"|"parsed"|"summary"|source_key|sourceKey/);
    expect(exported.ledgerEntries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['reserve', 'settle', 'purchase_grant']));
    expect(exported.subscription).toMatchObject({ isActive: true, subscriptionStatus: 'active' });
  });

  it('held the email, the name, the document name, the subject and the senders before (the search finds them)', () => {
    expect(new Set(before.map((holding) => holding.needle))).toEqual(new Set(NEEDLES));
  });

  it('leaves no row of any table holding the email, the name, a document name, a subject or a sender', async () => {
    expect(await holders(database.db, NEEDLES)).toEqual([]);
  });

  it('keeps only the billing records of ACCOUNT_DELETION_KEPT', async () => {
    expect(ACCOUNT_DELETION_KEPT.length).toBeGreaterThan(0);
    expect(await rowsWithUserId(database.db, userId)).toEqual({ token_ledger: 1, billing_customers: 1, billing_checkout_sessions: 1 });
    expect(await database.db('token_ledger').where({ user_id: userId }).select('kind', 'tokens', 'description', 'payed_usd_cents')).toEqual([
      { kind: 'purchase_grant', tokens: 1000, description: 'Token purchase', payed_usd_cents: 500 },
    ]);
    expect(await database.db('billing_customers').where({ user_id: userId }).select('provider', 'customer_id', 'email', 'default_payment_method')).toEqual([
      { provider: 'local', customer_id: 'cus_local_1', email: null, default_payment_method: null },
    ]);
    expect(await database.db('billing_checkout_sessions').where({ user_id: userId }).pluck('id')).toEqual(['cs_paid']);
    expect(await database.db('users').where({ id: userId }).first()).toBeUndefined();
    expect(await database.db('sessions').where({ user_id: userId }).first()).toBeUndefined();
  });

  it('signs out every session', async () => {
    expect((await app.fetch('/api/status', { token })).status).toBe(401);
    expect((await app.fetch('/api/status', { token: otherToken })).status).toBe(401);
    expect((await app.fetch('/api/account/export', { token: otherToken })).status).toBe(401);
  });
});
