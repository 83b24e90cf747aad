import type { InboundMessage } from '../../../src/modules/mail/domain/inbound-message.js';
import type { ReceivedMailRow } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import type {
  FoundMailRow,
  ReceivedMailDetailRow,
  ReceivedMailFilter,
  ReceivedMailPageQuery,
  ReceivedMailPages,
} from '../../../src/modules/mail/application/ports/received-mail-pages.port.js';
import type { InMemoryDocumentRepository } from './in-memory-documents.js';
import type { InMemoryInboundMessages } from './in-memory-mail.js';

const toRow = (row: InboundMessage): ReceivedMailRow => ({
  id: row.id,
  sourceMail: row.sourceMail,
  subject: row.subject,
  attachments: row.attachmentCount,
  usedTokens: row.usedTokens,
  receivedAt: row.receivedAt,
  status: row.status,
  reason: row.reason,
  authentication: null,
  refusal: row.refusal,
  hasContent: row.raw !== null,
});

function matches(row: ReceivedMailRow, filter: ReceivedMailFilter | undefined): boolean {
  if (!filter) return true;
  const text = filter.text?.toLowerCase();
  if (text && !row.subject.toLowerCase().includes(text) && !row.sourceMail.toLowerCase().includes(text)) return false;
  if (filter.statuses?.length && !filter.statuses.includes(row.status)) return false;
  if (filter.from && row.receivedAt < filter.from) return false;
  if (filter.before && row.receivedAt >= filter.before) return false;
  return true;
}

function page<Row extends ReceivedMailRow>(rows: Row[], query: ReceivedMailPageQuery): { rows: Row[]; total: number } {
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  const key = (row: Row) => (query.sortBy === 'receivedAt' ? row.receivedAt.getTime() : row[query.sortBy]);
  const sorted = rows
    .filter((row) => matches(row, query.filter))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * direction;
      return (a.id < b.id ? -1 : 1) * direction;
    });
  const start = (query.page - 1) * query.pageSize;
  return { rows: sorted.slice(start, start + query.pageSize), total: sorted.length };
}

/** The table's pages over the in-memory mail, with the documents fake deciding ownership. */
export class InMemoryReceivedMailPages implements ReceivedMailPages {
  constructor(
    private readonly messages: InMemoryInboundMessages,
    private readonly documents: InMemoryDocumentRepository,
  ) {}

  async pageOf(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailRow[]; total: number } | null> {
    if (!(await this.documents.findOwned(ownerId, documentId))) return null;
    return page(
      [...this.messages.rows.values()].filter((row) => row.documentId === documentId).map(toRow),
      query,
    );
  }

  mailOf(documentId: string, mailId: string): Promise<ReceivedMailDetailRow | null> {
    const row = this.messages.rows.get(mailId);
    if (!row || row.documentId !== documentId) return Promise.resolve(null);
    return Promise.resolve({ ...toRow(row), documentId, block: this.messages.blocks.get(mailId) ?? null, history: [{ status: row.status, reason: row.reason, at: row.receivedAt, from: null }], writtenAt: row.writtenAt });
  }

  async search(ownerId: string, query: ReceivedMailPageQuery): Promise<{ rows: FoundMailRow[]; total: number }> {
    const found: FoundMailRow[] = [];
    for (const row of this.messages.rows.values()) {
      const document = row.ownerId === ownerId ? await this.documents.findOwned(ownerId, row.documentId) : null;
      if (document) found.push({ ...toRow(row), documentId: document.id, documentName: document.name });
    }
    return page(found, query);
  }
}
