import { beforeEach, describe, expect, it } from 'vitest';
import { DecideNotifications } from '../../../src/modules/notifications/application/decide-notifications.use-case.js';
import { DELIVERY_ATTEMPTS, DELIVERY_LEASE_MS, DeliverNotifications } from '../../../src/modules/notifications/application/deliver-notifications.use-case.js';
import { noContinuations } from '../../../src/modules/notifications/application/ports/notification-sources.port.js';
import type { MailFact } from '../../../src/modules/notifications/domain/notification-decisions.js';
import { HmacUnsubscribeTokens } from '../../../src/modules/notifications/infra/hmac.unsubscribe-tokens.js';
import { KnexNotificationStore } from '../../../src/modules/notifications/infra/knex.notification-store.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { FakeNotificationSources } from '../../support/fakes/fake-notification-sources.js';
import { RecordingOutbound } from '../../support/fakes/recording-outbound-mail.js';
import { testConfig } from '../../support/test-config.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aUser } from '../../support/users.js';

const NOW = new Date('2026-12-03T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let serial = 0;
function aMail(overrides: Partial<MailFact> = {}): MailFact {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    documentId: 'doc-1',
    sender: 'stranger@example.org',
    subject: 'Hello',
    status: 'processed',
    reason: null,
    receivedAt: new Date(NOW.getTime() - MINUTE),
    finishedAt: new Date(NOW.getTime() - MINUTE),
    ...overrides,
  };
}

describe.each(databaseKinds())('notification outbox (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let store: KnexNotificationStore;
  let sources: FakeNotificationSources;
  let outbound: RecordingOutbound;
  let clock: ReturnType<typeof fixedClock>;
  let decide: DecideNotifications;
  let deliver: DeliverNotifications;
  let userId: string;
  const config = testConfig({ PUBLIC_URL: 'https://app.example.com' });
  const tokens = new HmacUnsubscribeTokens(config.JWT_SECRET);

  const outbox = async () =>
    (await database.db('notification_outbox').orderBy('created_at').orderBy('key').select('key', 'kind', 'status', 'attempts')) as { key: string; kind: string; status: string; attempts: number }[];
  const sentSubjects = () => outbound.sent.map((mail) => mail.subject);

  beforeEach(async () => {
    store = new KnexNotificationStore(database.db);
    sources = new FakeNotificationSources();
    outbound = new RecordingOutbound();
    clock = fixedClock(NOW);
    decide = new DecideNotifications(store, sources, sources, clock, noContinuations);
    deliver = new DeliverNotifications(store, outbound, sources, tokens, config, clock, createLogger('silent'));
    userId = await aUser(database.db, 'owner@example.com');
    sources.emails.set(userId, 'owner@example.com');
  });

  describe('balance thresholds', () => {
    it('mails once when the balance falls to 10% of the allowance, and not again while it stays there', async () => {
      await decide.forUser(userId);
      expect(await outbox()).toEqual([]);
      sources.balance = { tokensLeft: 50, allowance: 500, unlimited: false };
      expect(await decide.forUser(userId)).toBe(1);
      sources.balance = { tokensLeft: 30, allowance: 500, unlimited: false };
      expect(await decide.forUser(userId)).toBe(0);
      expect((await outbox()).map((row) => row.kind)).toEqual(['balance-low']);
    });

    it('mails again at 0, and a fall straight to 0 sends only the "no tokens left" mail', async () => {
      sources.balance = { tokensLeft: 40, allowance: 500, unlimited: false };
      await decide.forUser(userId);
      sources.balance = { tokensLeft: 0, allowance: 500, unlimited: false };
      await decide.forUser(userId);
      expect((await outbox()).map((row) => row.kind).sort()).toEqual(['balance-empty', 'balance-low']);

      const other = await aUser(database.db, 'other@example.com');
      sources.balance = { tokensLeft: 0, allowance: 500, unlimited: false };
      await decide.forUser(other);
      const rows = (await database.db('notification_outbox').where({ user_id: other }).pluck('kind')) as string[];
      expect(rows).toEqual(['balance-empty']);
    });

    it('fires again only after a credit took the balance back above the threshold', async () => {
      sources.balance = { tokensLeft: 10, allowance: 500, unlimited: false };
      await decide.forUser(userId);
      sources.balance = { tokensLeft: 400, allowance: 500, unlimited: false };
      await decide.forUser(userId);
      sources.balance = { tokensLeft: 20, allowance: 500, unlimited: false };
      await decide.forUser(userId);
      expect((await outbox()).map((row) => row.key)).toEqual([`balance-low:${userId}:1`, `balance-low:${userId}:2`]);
    });

    it('says nothing without a plan or with billing off', async () => {
      sources.balance = { tokensLeft: 0, allowance: 0, unlimited: false };
      await decide.forUser(userId);
      sources.balance = { tokensLeft: 0, allowance: 500, unlimited: true };
      await decide.forUser(userId);
      expect(await outbox()).toEqual([]);
    });
  });

  it('mails once per hold episode, with the count of mails waiting', async () => {
    sources.mails = [aMail({ status: 'held' }), aMail({ status: 'held' })];
    await decide.forUser(userId);
    sources.mails.push(aMail({ status: 'held' }));
    await decide.forUser(userId);
    await deliver.execute();
    expect(sentSubjects()).toEqual(['Forwarded emails are waiting for tokens']);
    expect(outbound.sent[0]?.text).toContain('2 emails are waiting');

    sources.mails = sources.mails.map((mail) => ({ ...mail, status: 'processed' }));
    await decide.forUser(userId);
    sources.mails.push(aMail({ status: 'held' }));
    await decide.forUser(userId);
    expect((await outbox()).map((row) => row.key)).toEqual([`held-mail:${userId}:1`, `held-mail:${userId}:2`]);
  });

  it('mails the first refusal of a sender on a document, at most once per document and day', async () => {
    sources.mails = [aMail({ status: 'ignored', sender: 'a@strangers.example' })];
    await decide.forUser(userId);
    sources.mails.push(aMail({ status: 'ignored', sender: 'b@strangers.example' }), aMail({ status: 'ignored', sender: 'a@strangers.example', documentId: 'doc-2' }));
    await decide.forUser(userId);
    await deliver.execute();
    expect(sentSubjects().sort()).toEqual(['An email to "Invoices" was not processed', 'An email to "Receipts" was not processed']);
    const receipts = outbound.sent.find((mail) => mail.subject.includes('Receipts'));
    expect(receipts?.text).toContain('a@strangers.example');
    expect(receipts?.text).not.toContain('b@strangers.example');

    // The next day, a sender refused before on that document is not news; a new one is.
    clock.advance(DAY);
    sources.mails.push(aMail({ status: 'ignored', sender: 'a@strangers.example', receivedAt: clock.now() }));
    await decide.forUser(userId);
    expect(await outbox()).toHaveLength(2);
    sources.mails.push(aMail({ status: 'ignored', sender: 'c@strangers.example', receivedAt: clock.now() }));
    await decide.forUser(userId);
    expect((await outbox()).map((row) => row.key)).toContain('refused-sender:doc-1:2026-12-04');
  });

  it('mails a mail that failed for good once, and not about old failures', async () => {
    const failed = aMail({ status: 'failed', reason: 'The document could not be written.' });
    sources.mails = [failed, aMail({ status: 'failed', finishedAt: new Date(NOW.getTime() - 3 * DAY), receivedAt: new Date(NOW.getTime() - 3 * DAY) })];
    await decide.forUser(userId);
    await decide.forUser(userId);
    expect((await outbox()).map((row) => row.key)).toEqual([`failed-mail:${failed.id}`]);
  });

  describe('keys', () => {
    it('decides one mail when many checks of the same user run at once', async () => {
      sources.balance = { tokensLeft: 0, allowance: 500, unlimited: false };
      sources.mails = [aMail({ status: 'held' }), aMail({ status: 'ignored' }), aMail({ status: 'failed' })];
      const results = await Promise.all(Array.from({ length: 8 }, () => decide.forUser(userId)));
      expect(results.reduce((sum, n) => sum + n, 0)).toBe(4);
      expect((await outbox()).map((row) => row.kind).sort()).toEqual(['balance-empty', 'failed-mail', 'held-mail', 'refused-sender']);
    });

    it('sends each mail once when several deliveries run at once', async () => {
      sources.mails = [aMail({ status: 'failed' }), aMail({ status: 'failed' }), aMail({ status: 'failed' })];
      await decide.forUser(userId);
      const sent = await Promise.all([deliver.execute(), deliver.execute(), deliver.execute()]);
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(3);
      expect(outbound.sent).toHaveLength(3);
      expect(new Set(outbound.sent.map((mail) => mail.messageId)).size).toBe(3);
    });

    it('sends a mail decided before a crash, and one whose sender died mid-send once its lease ran out', async () => {
      sources.mails = [aMail({ status: 'failed' })];
      await decide.forUser(userId); // "decided", then the process died before sending
      const [claimed] = await store.claimDue(clock.now(), 10, DELIVERY_LEASE_MS); // a sender claimed it and died
      expect(claimed).toBeDefined();
      expect(await deliver.execute()).toBe(0);
      clock.advance(DELIVERY_LEASE_MS + MINUTE);
      expect(await deliver.execute()).toBe(1);
      expect(await deliver.execute()).toBe(0);
      clock.advance(DAY);
      await decide.forUser(userId);
      expect(await deliver.execute()).toBe(0);
      expect(outbound.sent).toHaveLength(1);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
    });

    it('retries a send that failed, with backoff, and gives up after the last try', async () => {
      sources.mails = [aMail({ status: 'failed' })];
      await decide.forUser(userId);
      outbound.failNext = 1;
      expect(await deliver.execute()).toBe(0);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
      expect(await deliver.execute()).toBe(0); // not due yet
      clock.advance(2 * MINUTE);
      expect(await deliver.execute()).toBe(1);

      sources.mails = [aMail({ status: 'failed' })];
      await decide.forUser(userId);
      outbound.failNext = 100;
      for (let attempt = 0; attempt < DELIVERY_ATTEMPTS + 2; attempt += 1) {
        await deliver.execute();
        clock.advance(2 * 60 * MINUTE);
      }
      const rows = await outbox();
      expect(rows[1]).toEqual(expect.objectContaining({ status: 'failed', attempts: DELIVERY_ATTEMPTS }));
      expect(outbound.failNext).toBe(100 - DELIVERY_ATTEMPTS);
    });
  });

  describe('settings and accounts', () => {
    it('decides nothing for a kind switched off, and skips a decided mail switched off before it went out', async () => {
      await store.saveSettings(userId, { lowBalance: true, heldMail: false, refusedSender: true, failedMail: true, documentContinued: true }, NOW);
      sources.mails = [aMail({ status: 'held' }), aMail({ status: 'failed' })];
      await decide.forUser(userId);
      expect((await outbox()).map((row) => row.kind)).toEqual(['failed-mail']);
      await store.saveSettings(userId, { lowBalance: true, heldMail: false, refusedSender: true, failedMail: false, documentContinued: true }, NOW);
      expect(await deliver.execute()).toBe(0);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'skipped' })]);
      expect(outbound.sent).toEqual([]);
    });

    it('never mails a deleted account: its outbox goes with it', async () => {
      sources.mails = [aMail({ status: 'failed' })];
      await decide.forUser(userId);
      await database.db('users').where({ id: userId }).delete();
      expect(await deliver.execute()).toBe(0);
      expect(outbound.sent).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it('skips a mail whose account has no email any more', async () => {
      sources.mails = [aMail({ status: 'failed' })];
      await decide.forUser(userId);
      sources.emails.clear();
      expect(await deliver.execute()).toBe(0);
      expect(await outbox()).toEqual([expect.objectContaining({ status: 'skipped' })]);
    });
  });

  it('writes a short mail with a link to the page, an unsubscribe link and the one-click headers', async () => {
    sources.mails = [aMail({ status: 'failed', subject: 'Quarterly <report>', reason: 'The document could not be written.' })];
    await decide.forUser(userId);
    await deliver.execute();
    const [mail] = outbound.sent;
    expect(mail?.to).toBe('owner@example.com');
    expect(mail?.text).toContain('https://app.example.com/dashboard/doc/doc-1');
    expect(mail?.html).toContain('Quarterly &lt;report&gt;');
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/^https:\/\/app\.example\.com\/unsubscribe\?token=/);
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(tokens.verify(new URL(unsubscribe).searchParams.get('token') ?? '')).toEqual({ userId, scope: 'failedMail' });
  });

  it('remembers a noticed user until a check succeeds, keeps a newer notice, and ignores a deleted account', async () => {
    await store.noteCheck(userId, NOW);
    await store.noteCheck(userId, new Date(NOW.getTime() + MINUTE));
    await store.clearCheck(userId, NOW);
    expect(await store.dueChecks(10)).toEqual([{ userId, noticedAt: new Date(NOW.getTime() + MINUTE) }]);
    await store.clearCheck(userId, new Date(NOW.getTime() + MINUTE));
    expect(await store.dueChecks(10)).toEqual([]);
    await store.noteCheck('00000000-0000-4000-8000-00000000dead', NOW);
    expect(await store.dueChecks(10)).toEqual([]);
  });

  it('purges outbox entries and development-outbox copies past their period', async () => {
    sources.mails = [aMail({ status: 'failed' })];
    await decide.forUser(userId);
    await database.db('dev_outbox_mails').insert({ id: '00000000-0000-4000-8000-000000000999', user_id: userId, to: 'a@b.c', from: 'x', subject: 's', text: 't', html: 'h', headers: '{}', sent_at: NOW });
    expect(await store.purgeOutbox(NOW, 10)).toBe(0);
    expect(await store.purgeOutbox(new Date(NOW.getTime() + MINUTE), 10)).toBe(2);
    expect(await outbox()).toEqual([]);
  });
});
