import { beforeEach, describe, expect, it } from 'vitest';
import { AllowAndProcess } from '../../../src/modules/mail/application/allow-and-process.use-case.js';
import { ReceivedMails } from '../../../src/modules/mail/application/received-mails.use-case.js';
import { MAIL_EVENTS, type MailEvents } from '../../../src/modules/mail/application/ports/mail-events.port.js';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { appErrorCodeOf } from '../../support/rejections.js';
import { FixedMailParser } from '../../support/fakes/in-memory-mail.js';
import { DOC, OWNER, processMailHarness, type ProcessMailHarness } from '../../support/process-mail-harness.js';

const QUERY = { page: 1, pageSize: 25, sortBy: 'receivedAt', sortOrder: 'desc' } as const;

/** A manual forward from carol (not on the list) of a mail by the boss (on the list). */
const forwardByCarol = () =>
  new FixedMailParser({
    from: { address: 'Carol@Example.com', name: 'Carol' },
    structured: {
      subject: 'Invoice',
      sender: { address: 'boss@example.com', name: 'Boss' },
      date: '2026-11-02T10:00:00.000Z',
      dateText: null,
      forwardedBy: { address: 'carol@example.com', name: 'Carol', note: 'FYI' },
      body: 'The invoice is attached. Please pay by Friday.',
      kind: 'invoice',
    },
  });

describe('actions on a received mail', () => {
  let harness: ProcessMailHarness;
  let events: { mailId: string }[];
  let allow: AllowAndProcess;
  let mails: ReceivedMails;

  beforeEach(async () => {
    harness = await processMailHarness({ llm: new OfflineSummariser(), parser: forwardByCarol() });
    events = [];
    const recording: MailEvents = { mailChanged: (change) => Promise.resolve(void events.push(change)) };
    harness.container.register(MAIL_EVENTS, { useValue: recording });
    allow = harness.container.resolve(AllowAndProcess);
    mails = harness.container.resolve(ReceivedMails);
  });

  const row = () => harness.messages.rows.get('mail-1');
  const listed = async () => (await mails.list(OWNER, DOC, QUERY)).rows;
  const blocks = () => harness.store.docs.get(harness.externalId)?.blocks ?? [];
  const balance = async () => (await harness.ledger.balanceOf(OWNER)).additionalTokens;

  it('ignores a forward from an unlisted forwarder, keeps its content and offers to allow the forwarder, not the quoted sender', async () => {
    await harness.process.execute('mail-1');

    expect(row()).toMatchObject({ status: 'ignored', refusal: { reason: 'not-on-list', sender: 'carol@example.com' } });
    expect(row()?.raw).not.toBeNull();
    expect((await listed())[0]?.action).toEqual({ kind: 'allow-sender', sender: 'carol@example.com' });
    expect(await balance()).toBe(5);
  });

  it('allows the sender and processes this mail once: one block, one charge, even when asked twice', async () => {
    await harness.process.execute('mail-1');

    expect(await allow.execute(OWNER, DOC, 'mail-1')).toEqual({ emails: ['boss@example.com', 'carol@example.com'] });
    expect(await allow.execute(OWNER, DOC, 'mail-1')).toEqual({ emails: ['boss@example.com', 'carol@example.com'] });
    expect(harness.queue.enqueued.filter((job) => job.messageId === 'mail-1')).toHaveLength(2); // the arrival and one release
    expect(events).toEqual([{ ownerId: OWNER, documentId: DOC, mailId: 'mail-1' }]);

    await harness.process.execute('mail-1');
    expect(await allow.execute(OWNER, DOC, 'mail-1')).toEqual({ emails: ['boss@example.com', 'carol@example.com'] });
    await harness.process.execute('mail-1');

    expect(row()).toMatchObject({ status: 'processed', usedTokens: 1, sourceMail: 'boss@example.com' });
    expect(blocks()).toHaveLength(1);
    expect(await balance()).toBe(4);
    expect((await listed())[0]?.action).toBeNull();
  });

  it('processes the mail when the sender was added to the list meanwhile', async () => {
    await harness.process.execute('mail-1');
    await harness.documents.addEmail(OWNER, DOC, 'carol@example.com');

    expect(await allow.execute(OWNER, DOC, 'mail-1')).toEqual({ emails: ['boss@example.com', 'carol@example.com'] });
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
  });

  it('answers 404 codes for another owner and another document, and changes nothing', async () => {
    await harness.process.execute('mail-1');

    expect(await appErrorCodeOf(allow.execute('intruder', DOC, 'mail-1'))).toBe('DOCUMENT.NOT_FOUND');
    expect(await appErrorCodeOf(allow.execute(OWNER, DOC, 'no-such-mail'))).toBe('MAIL.NOT_FOUND');
    expect(row()?.status).toBe('ignored');
    expect((await harness.documents.findOwned(OWNER, DOC))?.emails).toEqual(['boss@example.com']);
  });

  it('refuses a processed mail and a mail ignored for another cause', async () => {
    harness = await processMailHarness({ llm: new OfflineSummariser() });
    allow = harness.container.resolve(AllowAndProcess);
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    expect(await appErrorCodeOf(allow.execute(OWNER, DOC, 'mail-1'))).toBe('MAIL.NOT_ALLOWABLE');

    harness = await processMailHarness({ llm: new OfflineSummariser(), parser: new FixedMailParser({ ambiguousFrom: true, from: { address: 'carol@example.com', name: '' } }) });
    allow = harness.container.resolve(AllowAndProcess);
    mails = harness.container.resolve(ReceivedMails);
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'ignored', raw: null });
    expect((await listed())[0]?.action).toBeNull();
    expect(await appErrorCodeOf(allow.execute(OWNER, DOC, 'mail-1'))).toBe('MAIL.NOT_ALLOWABLE');
  });

  it('offers nothing, and refuses, once the kept content is dropped', async () => {
    await harness.process.execute('mail-1');
    expect(await harness.messages.dropKeptContent(new Date(Date.now() + 1000))).toBe(1);

    expect((await listed())[0]?.action).toBeNull();
    expect(await appErrorCodeOf(allow.execute(OWNER, DOC, 'mail-1'))).toBe('MAIL.NOT_ALLOWABLE');
    expect((await harness.documents.findOwned(OWNER, DOC))?.emails).toEqual(['boss@example.com']);
  });

  it('offers Retry for a failed mail, and for held mail tokens with a plan or a plan without one', async () => {
    harness = await processMailHarness({ llm: new OfflineSummariser() });
    mails = harness.container.resolve(ReceivedMails);
    await harness.messages.finish('mail-1', { status: 'failed', reason: 'The model refused.' });
    await harness.storeMail('mail-2');
    await harness.messages.saveStep('mail-2', { status: 'held', reason: 'Not enough tokens.' });

    expect((await listed()).map((mail) => [mail.id, mail.action])).toEqual([
      ['mail-2', { kind: 'buy-tokens' }],
      ['mail-1', { kind: 'retry' }],
    ]);
    harness.plan.active = false;
    expect((await listed())[0]?.action).toEqual({ kind: 'choose-plan' });
  });
});
