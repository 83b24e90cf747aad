import type { AttachmentReader, ReadAttachment } from '../../../src/modules/mail/application/ports/attachment-reader.port.js';
import { KEPT_IGNORED_PER_DOCUMENT, keepsContent, type InboundMessage, type Outcome } from '../../../src/modules/mail/domain/inbound-message.js';
import type {
  InboundMessageRepository,
  NewInboundMessage,
  RunClaim,
  StepResults,
} from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import type { JobQueue } from '../../../src/modules/mail/application/ports/job-queue.port.js';
import type { WrittenBlock } from '../../../src/modules/mail/domain/written-block.js';
import type { ForwardingConfirmation, MailParser, ParsedMail } from '../../../src/modules/mail/application/ports/mail-parser.port.js';

const LIVE = ['received', 'processing', 'held'];

export class InMemoryInboundMessages implements InboundMessageRepository {
  readonly rows = new Map<string, InboundMessage>();
  readonly confirmations = new Map<string, ForwardingConfirmation & { receivedAt: Date }>();
  /** The block each mail recorded as written (`StepResults.block`, `Outcome.block`). */
  readonly blocks = new Map<string, WrittenBlock>();
  processedCount = 0;
  /** Each message's redelivery key and arrival order. */
  private readonly arrivals = new Map<string, { documentId: string; dedupKey: string; order: number }>();

  constructor(
    private readonly queue: RecordingQueue,
    private readonly dedupDays: number,
  ) {}

  storeReceived(messages: NewInboundMessage[]): Promise<void> {
    for (const message of messages) {
      this.arrivals.set(message.id, { documentId: message.documentId, dedupKey: message.dedupKey, order: this.arrivals.size });
      this.rows.set(message.id, {
        ...message,
        status: 'received',
        reason: null,
        sizeBytes: message.raw.length,
        sourceMail: '',
        subject: '',
        attachmentCount: 0,
        usedTokens: 0,
        attempts: 0,
        chargeRound: 0,
        parsed: null,
        costTokens: null,
        summary: null,
        writtenAt: null,
        receivedAt: new Date(),
        heldAt: null,
        refusal: null,
      });
      this.queue.enqueued.push({ messageId: message.id, delaySeconds: 0 });
    }
    return Promise.resolve();
  }

  findById(id: string): Promise<InboundMessage | null> {
    const row = this.rows.get(id);
    return Promise.resolve(row ? { ...row } : null);
  }

  saveStep(id: string, results: StepResults): Promise<void> {
    const row = this.rows.get(id);
    if (!row || !LIVE.includes(row.status)) return Promise.resolve();
    const { block, ...rest } = results;
    Object.assign(row, rest, results.status === 'held' ? { heldAt: new Date() } : {});
    if (block) this.blocks.set(id, block);
    return Promise.resolve();
  }

  private readonly leases = new Map<string, Date>();

  claimRun(id: string, now: Date, until: Date): Promise<RunClaim> {
    const row = this.rows.get(id);
    if (!row || (row.status !== 'received' && row.status !== 'processing')) return Promise.resolve({ outcome: 'nothing-to-run' });
    const held = this.leases.get(id);
    if (held && held > now) return Promise.resolve({ outcome: 'leased', until: held });
    this.leases.set(id, until);
    row.status = 'processing';
    // As the claim's own lookup: only while the message is not parsed yet, within the dedup window.
    const since = new Date(row.receivedAt.getTime() - this.dedupDays * 24 * 60 * 60 * 1000);
    return Promise.resolve({ outcome: 'claimed', message: { ...row }, earlierDelivery: row.parsed ? null : this.earlierDelivery(id, since) });
  }

  releaseRun(id: string): Promise<void> {
    this.leases.delete(id);
    return Promise.resolve();
  }

  private earlierDelivery(id: string, since: Date): { id: string; receivedAt: Date } | null {
    const self = this.arrivals.get(id);
    const earlier = [...this.arrivals.entries()]
      .filter(([id, other]) => self && other.documentId === self.documentId && other.dedupKey === self.dedupKey && other.order < self.order && (this.rows.get(id)?.receivedAt ?? since) >= since)
      .sort((a, b) => a[1].order - b[1].order)[0];
    const row = earlier ? this.rows.get(earlier[0]) : undefined;
    return row ? { id: row.id, receivedAt: row.receivedAt } : null;
  }

  /** When each message ended, for the content-retention sweep. */
  readonly finishedAt = new Map<string, Date>();

  finish(id: string, outcome: Outcome): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || !LIVE.includes(row.status)) return Promise.resolve(false);
    Object.assign(row, { status: outcome.status, reason: outcome.reason, usedTokens: outcome.usedTokens ?? 0 }, outcome.refusal ? { refusal: outcome.refusal } : {}, outcome.writtenAt ? { writtenAt: outcome.writtenAt } : {});
    this.finishedAt.set(id, new Date());
    if (outcome.block) this.blocks.set(id, outcome.block);
    this.leases.delete(id);
    if (!keepsContent(outcome)) Object.assign(row, { raw: null, parsed: null, summary: null });
    else if (outcome.status === 'ignored') this.capKeptIgnored(row.documentId);
    if (outcome.status === 'processed') this.processedCount += 1;
    return Promise.resolve(true);
  }

  private capKeptIgnored(documentId: string): void {
    const kept = [...this.rows.values()]
      .filter((row) => row.documentId === documentId && row.status === 'ignored' && row.raw)
      .sort((a, b) => (this.finishedAt.get(b.id)?.getTime() ?? 0) - (this.finishedAt.get(a.id)?.getTime() ?? 0));
    for (const row of kept.slice(KEPT_IGNORED_PER_DOCUMENT)) Object.assign(row, { raw: null, parsed: null });
  }

  requeue(id: string, options: { resetAttempts?: boolean } = {}): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || !['held', 'failed'].includes(row.status) || !row.raw) return Promise.resolve(false);
    Object.assign(row, {
      chargeRound: row.chargeRound + (row.status === 'failed' ? 1 : 0),
      status: 'received',
      reason: null,
      heldAt: null,
      ...(options.resetAttempts ? { attempts: 0 } : {}),
    });
    this.queue.enqueued.push({ messageId: id, delaySeconds: 0 });
    return Promise.resolve(true);
  }

  releaseIgnored(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.status !== 'ignored' || row.refusal?.reason !== 'not-on-list' || !row.raw) return Promise.resolve(false);
    Object.assign(row, { status: 'received', reason: null, attempts: 0 });
    this.finishedAt.delete(id);
    this.queue.enqueued.push({ messageId: id, delaySeconds: 0 });
    return Promise.resolve(true);
  }

  /** What the retention job does to ignored mail's kept content (MailRecords.dropContent), for use cases that see the result. */
  dropKeptContent(before: Date): Promise<number> {
    let dropped = 0;
    for (const row of this.rows.values()) {
      const finished = this.finishedAt.get(row.id);
      if (row.status === 'ignored' && row.raw && finished && finished < before) {
        Object.assign(row, { raw: null, parsed: null });
        dropped += 1;
      }
    }
    return Promise.resolve(dropped);
  }

  heldMessages() {
    return Promise.resolve([...this.rows.values()].filter((row) => row.status === 'held').map((row) => ({ id: row.id, ownerId: row.ownerId, costTokens: row.costTokens, heldAt: row.heldAt })));
  }

  /** The document's mail, newest first (the fake ignores the page and sort). */
  saveForwardingConfirmation(documentId: string, confirmation: ForwardingConfirmation): Promise<void> {
    this.confirmations.set(documentId, { ...confirmation, receivedAt: new Date() });
    return Promise.resolve();
  }

  forwardingConfirmation(documentId: string) {
    return Promise.resolve(this.confirmations.get(documentId) ?? null);
  }
}

export class RecordingQueue implements JobQueue {
  readonly enqueued: { messageId: string; delaySeconds: number }[] = [];
  enqueueProcessing(messageId: string, options: { delaySeconds?: number } = {}): Promise<void> {
    this.enqueued.push({ messageId, delaySeconds: options.delaySeconds ?? 0 });
    return Promise.resolve();
  }
}

/** Parses nothing: answers a fixed mail, so pipeline tests need no MIME. */
export class FixedMailParser implements MailParser {
  constructor(public mail: Partial<ParsedMail> = {}) {}
  parse(): Promise<ParsedMail> {
    return Promise.resolve({
      messageId: null,
      subject: 'Invoice',
      from: { address: 'boss@example.com', name: 'Boss' },
      ambiguousFrom: false,
      date: new Date('2026-11-02T10:00:00Z'),
      structured: {
        subject: this.mail.subject ?? 'Invoice',
        sender: this.mail.from ?? { address: 'boss@example.com', name: 'Boss' },
        date: '2026-11-02T10:00:00.000Z',
        dateText: null,
        forwardedBy: null,
        body: 'The invoice is attached. Please pay by Friday.',
        kind: 'invoice',
      },
      forwardingConfirmation: null,
      attachments: [],
      ...this.mail,
    });
  }
}

/** Reads nothing: answers fixed attachments and counts the calls, so pipeline tests need no files. */
export class FixedAttachmentReader implements AttachmentReader {
  calls = 0;
  constructor(public attachments: ReadAttachment[] = []) {}
  read(): Promise<ReadAttachment[]> {
    this.calls += 1;
    return Promise.resolve(this.attachments);
  }
}
