import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RetentionPolicy } from '../../../src/contract/retention.js';
import { DeleteDocument } from '../../../src/modules/documents/application/delete-document.use-case.js';
import { DOCUMENT_DATA_ERASER, type DocumentDataEraser } from '../../../src/modules/documents/index.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { ApplyRetention } from '../../../src/modules/retention/index.js';
import { GrantTokens, ReserveTokens } from '../../../src/modules/token-ledger/index.js';
import { CLOCK, fixedClock } from '../../../src/shared/clock.js';
import { ACCOUNT_DELETION_KEPT, retentionPeriods, retentionSentences } from '../../../src/shared/retention-policy.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestApp } from '../../support/use-test-app.js';
import { override } from '../../../src/platform/wiring/overrides.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(databaseKinds())('what is kept, and for how long (%s)', (kind) => {
  // Not the defaults, so the test shows the settings are what counts. No worker role: the job runs
  // when a test runs it.
  const { app, database } = useTestApp(kind, { env: { HOLD_DAYS: '14', MAIL_LOG_DAYS: '90' }, overrides: [override(CLOCK, fixedClock(NOW))], resetAfterEach: true });
  let ownerId: string;
  let documentId: string;
  let externalId: string;

  beforeEach(async () => {
    ownerId = await aUser(database.db, 'owner@example.com');
    ({ documentId, externalId } = await aDocument());
  });

  const db = () => database.db;
  const run = (limits?: { batchSize: number; maxBatches: number }) => app.container.resolve(ApplyRetention).execute(limits);
  const periods = () => retentionPeriods(app.config);

  async function aDocument(options: { hidden?: boolean } = {}): Promise<{ documentId: string; externalId: string }> {
    const id = randomUUID();
    const token = id.replace(/-/g, '').slice(0, 10);
    const local = `local-${token}`;
    await db()('documents').insert({ id, owner_id: ownerId, name: 'Project notes', forward_token: token, forward_email: `notes-${token}@in.example.com`, external_id: local, deleted_at: options.hidden ? ago(400 * DAY) : null });
    await db()('document_allowed_emails').insert({ document_id: id, email: 'ada@example.com' });
    await db()('local_docs').insert({ id: local, owner_id: ownerId, title: 'Project notes' });
    await db()('local_doc_blocks').insert({ doc_id: local, position: 0, heading: 'Secret plans', meta: 'From ada@example.com', body: 'The plans.' });
    return { documentId: id, externalId: local };
  }

  /** A mail row as the pipeline leaves it; charged mail gets its reservation and outcome in the ledger. */
  async function aMail(fields: { status: string; receivedAt?: Date; finishedAt?: Date | null; raw?: boolean; charged?: 'settle' | 'refund'; document?: string }): Promise<string> {
    const id = randomUUID();
    const { status, receivedAt = ago(MINUTE), finishedAt = status === 'held' ? null : receivedAt, raw = false, charged, document = documentId } = fields;
    await db()('inbound_messages').insert({
      id,
      document_id: document,
      owner_id: ownerId,
      status,
      envelope: JSON.stringify({ mailFrom: 'ada@example.com', recipients: [] }),
      raw: raw ? Buffer.from('Subject: Secret plans\r\n\r\nThe plans.') : null,
      parsed: raw ? JSON.stringify({ subject: 'Secret plans', from: null, date: null, text: 'The plans.' }) : null,
      size_bytes: 40,
      source_mail: 'ada@example.com',
      subject: 'Secret plans',
      cost_tokens: charged ? 2 : null,
      received_at: receivedAt,
      finished_at: finishedAt,
      held_at: status === 'held' ? receivedAt : null,
    });
    if (charged) {
      await db()('token_ledger').insert({ user_id: ownerId, source_key: `reserve:${id}#0`, kind: 'reserve', subscription_delta: 0, additional_delta: -2, tokens: 2, description: 'Mail: Secret plans', created_at: receivedAt });
      await db()('token_ledger').insert({
        user_id: ownerId,
        source_key: `${charged}:${id}#0`,
        kind: charged,
        subscription_delta: 0,
        additional_delta: charged === 'refund' ? 2 : 0,
        tokens: 2,
        description: charged === 'settle' ? 'Summary: Secret plans → Project notes' : 'Refund: the model refused',
        related_key: `reserve:${id}#0`,
        created_at: receivedAt,
      });
    }
    return id;
  }

  const mailRow = (id: string) => db()('inbound_messages').where({ id }).first('status', 'raw', 'parsed', 'summary') as Promise<{ status: string; raw: Buffer | null; parsed: unknown } | undefined>;
  const ledger = async () =>
    ((await db()('token_ledger').where({ user_id: ownerId }).orderBy('id').select('kind', 'tokens', 'description')) as { kind: string; tokens: number; description: string }[]).map(
      (entry) => `${entry.kind} ${entry.tokens}: ${entry.description}`,
    );

  describe('the retention job', () => {
    it('purges by exactly the periods the privacy policy states, which follow the settings', async () => {
      const job = app.container.resolve(ApplyRetention);
      expect(job.periods).toEqual(periods());
      expect(periods()).toEqual({ mailContentDays: 14, mailRecordDays: 90, endedSessionDays: 1, signInMinutes: 10, notificationDays: 30 });

      const response = await app.fetch('/api/retention-policy');
      expect(response.status).toBe(200);
      const policy = (await response.json()) as RetentionPolicy;
      expect(policy).toEqual({ periods: periods(), sentences: retentionSentences(periods()), accountDeletionKept: [...ACCOUNT_DELETION_KEPT] });
      expect(policy.sentences.join(' ')).toContain('kept for 14 days');
      expect(policy.sentences.join(' ')).toContain('90 days after it arrived');
    });

    it('drops the content of ignored, failed and expired mail once it ended HOLD_DAYS ago, and keeps the records', async () => {
      const content = periods().mailContentDays * DAY;
      const oldIgnored = await aMail({ status: 'ignored', raw: true, finishedAt: ago(content + MINUTE) });
      const oldFailed = await aMail({ status: 'failed', raw: true, finishedAt: ago(content + MINUTE) });
      const oldExpired = await aMail({ status: 'expired', raw: true, finishedAt: ago(content + MINUTE) });
      const recentFailed = await aMail({ status: 'failed', raw: true, finishedAt: ago(content - MINUTE) });
      const heldLong = await aMail({ status: 'held', raw: true, receivedAt: ago(content + DAY) });

      expect((await run()).mailContent).toBe(3);

      for (const id of [oldIgnored, oldFailed, oldExpired]) expect(await mailRow(id)).toMatchObject({ raw: null, parsed: null, summary: null });
      expect((await mailRow(oldFailed))?.status).toBe('failed');
      expect((await mailRow(recentFailed))?.raw).not.toBeNull();
      // A held mail waits for the sweep, which expires it (then its content goes at once).
      expect((await mailRow(heldLong))?.raw).not.toBeNull();
    });

    it('deletes mail records MAIL_LOG_DAYS after they arrived; the ledger keeps their tokens without their subject', async () => {
      const records = periods().mailRecordDays * DAY;
      const oldProcessed = await aMail({ status: 'processed', receivedAt: ago(records + MINUTE), charged: 'settle' });
      const oldFailed = await aMail({ status: 'failed', receivedAt: ago(records + MINUTE), charged: 'refund' });
      const recent = await aMail({ status: 'processed', receivedAt: ago(records - MINUTE), charged: 'settle' });
      // Not final: nothing deletes a mail something may still run for.
      const stillWaiting = await aMail({ status: 'held', receivedAt: ago(records + DAY) });

      expect((await run()).mailRecords).toBe(2);

      expect(await mailRow(oldProcessed)).toBeUndefined();
      expect(await mailRow(oldFailed)).toBeUndefined();
      expect(await mailRow(recent)).toBeDefined();
      expect(await mailRow(stillWaiting)).toBeDefined();
      expect(await ledger()).toEqual([
        'reserve 2: Mail (record expired)',
        'settle 2: Summary (record expired)',
        'reserve 2: Mail (record expired)',
        'refund 2: Refund (record expired)',
        'reserve 2: Mail: Secret plans',
        'settle 2: Summary: Secret plans → Project notes',
      ]);
      // The received-mails table's kept total follows.
      expect(await db()('inbound_message_totals').where({ document_id: documentId }).first('mails')).toEqual({ mails: 2 });
    });

    it('deletes sessions a day after they ended (signed out, renewed or expired), and unfinished sign-ins once they expired', async () => {
      const ended = periods().endedSessionDays * DAY;
      const session = async (fields: { expires: Date; revoked?: Date }) => {
        const id = randomUUID();
        await db()('sessions').insert({ id, user_id: ownerId, expires_at: fields.expires, revoked_at: fields.revoked ?? null });
        return id;
      };
      const live = await session({ expires: new Date(NOW.getTime() + DAY) });
      const signedOutLongAgo = await session({ expires: new Date(NOW.getTime() + DAY), revoked: ago(ended + MINUTE) });
      const signedOutLately = await session({ expires: new Date(NOW.getTime() + DAY), revoked: ago(ended - MINUTE) });
      const expiredLongAgo = await session({ expires: ago(ended + MINUTE) });
      const expiredLately = await session({ expires: ago(ended - MINUTE) });
      const state = (hash: string, expires: Date) => db()('oauth_states').insert({ state_hash: hash, mode: 'login', code_verifier: 'v', expires_at: expires });
      await state('pending', new Date(NOW.getTime() + MINUTE));
      await state('expired', ago(MINUTE));

      expect(await run()).toMatchObject({ endedSessions: 2, expiredSignIns: 1 });

      const kept = (await db()('sessions').pluck('id')) as string[];
      expect(new Set(kept)).toEqual(new Set([live, signedOutLately, expiredLately]));
      for (const gone of [signedOutLongAgo, expiredLongAgo]) expect(kept).not.toContain(gone);
      expect(await db()('oauth_states').pluck('state_hash')).toEqual(['pending']);
    });

    it('purges in bounded batches and leaves the rest for the next run', async () => {
      for (let n = 0; n < 5; n += 1) await aMail({ status: 'processed', receivedAt: ago(periods().mailRecordDays * DAY + MINUTE) });

      expect((await run({ batchSize: 2, maxBatches: 2 })).mailRecords).toBe(4);
      expect((await run({ batchSize: 2, maxBatches: 2 })).mailRecords).toBe(1);
      expect((await run({ batchSize: 2, maxBatches: 2 })).mailRecords).toBe(0);
    });

    it('erases documents an earlier version only hid, as a deletion does now', async () => {
      const hidden = await aDocument({ hidden: true });
      await aMail({ status: 'processed', charged: 'settle', document: hidden.documentId });
      await db()('forwarding_confirmations').insert({ document_id: hidden.documentId, code: '123456789', requester: 'someone@gmail.com' });

      expect((await run()).hiddenDocuments).toBe(1);

      expect(await db()('documents').where({ id: hidden.documentId }).first()).toBeUndefined();
      expect(await db()('inbound_messages').where({ document_id: hidden.documentId }).first()).toBeUndefined();
      expect(await db()('forwarding_confirmations').where({ document_id: hidden.documentId }).first()).toBeUndefined();
      expect(await db()('document_allowed_emails').where({ document_id: hidden.documentId }).first()).toBeUndefined();
      expect(await db()('local_docs').where({ id: hidden.externalId }).first()).toBeUndefined();
      expect(await ledger()).toEqual(['reserve 2: Mail (deleted document)', 'settle 2: Summary (deleted document)']);
      // The live document is untouched.
      expect(await db()('local_docs').where({ id: externalId }).first('id')).toEqual({ id: externalId });
    });
  });

  describe('deleting a document', () => {
    it('commits whole or not at all', async () => {
      const mail = await aMail({ status: 'failed', raw: true, charged: 'refund' });
      const real = app.container.resolve<DocumentDataEraser>(DOCUMENT_DATA_ERASER);
      app.container.register(DOCUMENT_DATA_ERASER, {
        useValue: {
          erase: async (tx, document) => {
            await real.erase(tx, document);
            throw new Error('the disk is full');
          },
        } satisfies DocumentDataEraser,
      });
      try {
        await expect(app.container.resolve(DeleteDocument).execute(ownerId, documentId)).rejects.toThrow('the disk is full');
      } finally {
        app.container.register(DOCUMENT_DATA_ERASER, { useValue: real });
      }
      expect(await db()('documents').where({ id: documentId }).first('id')).toEqual({ id: documentId });
      expect(await mailRow(mail)).toBeDefined();
      expect(await db()('local_docs').where({ id: externalId }).first('id')).toEqual({ id: externalId });
      expect(await ledger()).toEqual(['reserve 2: Mail: Secret plans', 'refund 2: Refund: the model refused']);

      await app.container.resolve(DeleteDocument).execute(ownerId, documentId);
      expect(await db()('documents').where({ id: documentId }).first('id')).toBeUndefined();
      expect(await mailRow(mail)).toBeUndefined();
      expect(await db()('local_doc_blocks').where({ doc_id: externalId }).first('id')).toBeUndefined();
      expect(await ledger()).toEqual(['reserve 2: Mail (deleted document)', 'refund 2: Refund (deleted document)']);
    });

    it('gives back what a run reserved after its mail was erased, and forgets what it named, for an hour after the erase', async () => {
      await app.container.resolve(GrantTokens).execute({ userId: ownerId, sourceKey: 'admin:test', tokens: 5, kind: 'admin_grant', description: 'Granted', payedUsdCents: 0 });
      const running = await aMail({ status: 'processing' });
      const done = await aMail({ status: 'processed', charged: 'settle' });
      await app.container.resolve(DeleteDocument).execute(ownerId, documentId);
      expect(await db()('erased_mail_runs').pluck('message_id')).toEqual([running]);

      // The run that held the mail reserves after the erase committed, naming the mail's subject.
      await app.container.resolve(ReserveTokens).execute({ userId: ownerId, reservationId: `${running}#0`, tokens: 2, description: 'Mail: Secret plans' });
      expect(await ledger()).toContain('reserve 2: Mail: Secret plans');
      await run();
      expect(await ledger()).toEqual([
        'admin_grant 5: Granted',
        'reserve 2: Mail (deleted document)',
        'settle 2: Summary (deleted document)',
        'reserve 2: Mail (deleted document)',
        'refund 2: Refund (deleted document)',
      ]);
      // The 5 granted are all there again: the late reservation was given back.
      expect(await db()('token_balances').where({ user_id: ownerId }).first('additional_tokens')).toEqual({ additional_tokens: 5 });
      expect(await mailRow(done)).toBeUndefined();

      // Kept while a late run may still charge it; forgotten an hour after the erase.
      expect(await db()('erased_mail_runs').pluck('message_id')).toEqual([running]);
      await db()('erased_mail_runs').update({ erased_at: ago(61 * MINUTE) });
      expect(await run()).toMatchObject({ erasedMailRuns: 1 });
      expect(await db()('erased_mail_runs').pluck('message_id')).toEqual([]);
    });

    it('lets intake store the other messages of a commit when one’s document was deleted during DATA', async () => {
      const messages = new KnexInboundMessageRepository(db(), { wake: () => undefined }, { dedupDays: 7 });
      const message = (document: string) => ({
        id: randomUUID(),
        documentId: document,
        ownerId,
        envelope: { mailFrom: 'ada@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'client.test' },
        raw: Buffer.from('Subject: Hello\r\n\r\nHello.'),
        dedupKey: `mid:${randomUUID()}`,
      });
      const gone = message(randomUUID());
      const live = message(documentId);

      await messages.storeReceived([gone, live]);

      expect(await mailRow(live.id)).toMatchObject({ status: 'received' });
      expect(await mailRow(gone.id)).toBeUndefined();
    });
  });
});
