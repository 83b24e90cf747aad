import type { InboundMessage } from '../../../src/modules/mail/domain/inbound-message.js';
import type {
  InboundMessageRepository,
  NewInboundMessage,
  ReceivedMailRow,
  StepResults,
} from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import type { JobQueue } from '../../../src/modules/mail/application/ports/job-queue.port.js';
import type { ForwardingConfirmation, MailParser, ParsedMail } from '../../../src/modules/mail/application/ports/mail-parser.port.js';

const LIVE = ['received', 'processing', 'held'];

export class InMemoryInboundMessages implements InboundMessageRepository {
  readonly rows = new Map<string, InboundMessage>();
  readonly confirmations = new Map<string, ForwardingConfirmation & { receivedAt: Date }>();
  processedCount = 0;

  constructor(private readonly queue: RecordingQueue) {}

  storeReceived(messages: NewInboundMessage[]): Promise<void> {
    for (const message of messages) {
      this.rows.set(message.id, {
        ...message,
        status: 'received',
        reason: null,
        sizeBytes: message.raw.length,
        sourceMail: '',
        subject: '',
        usedTokens: 0,
        attempts: 0,
        chargeRound: 0,
        parsed: null,
        costTokens: null,
        summary: null,
        writtenAt: null,
        receivedAt: new Date(),
        heldAt: null,
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
    if (row && LIVE.includes(row.status)) Object.assign(row, results, results.status === 'held' ? { heldAt: new Date() } : {});
    return Promise.resolve();
  }

  finish(id: string, outcome: { status: 'processed' | 'ignored' | 'failed' | 'expired'; reason: string | null; usedTokens?: number }): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || !LIVE.includes(row.status)) return Promise.resolve(false);
    Object.assign(row, { status: outcome.status, reason: outcome.reason, usedTokens: outcome.usedTokens ?? 0 });
    if (outcome.status !== 'failed') Object.assign(row, { raw: null, parsed: null, summary: null });
    if (outcome.status === 'processed') this.processedCount += 1;
    return Promise.resolve(true);
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

  heldMessages() {
    return Promise.resolve([...this.rows.values()].filter((row) => row.status === 'held').map((row) => ({ id: row.id, ownerId: row.ownerId, costTokens: row.costTokens, heldAt: row.heldAt })));
  }

  listForDocument(): Promise<{ rows: ReceivedMailRow[]; total: number }> {
    return Promise.resolve({ rows: [], total: 0 });
  }

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
      originalSender: null,
      date: new Date('2026-11-02T10:00:00Z'),
      text: 'The invoice is attached. Please pay by Friday.',
      forwardingConfirmation: null,
      attachments: [],
      ...this.mail,
    });
  }
}
