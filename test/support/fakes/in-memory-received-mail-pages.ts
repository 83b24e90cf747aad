import type { ReceivedMailRow } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import type { ReceivedMailPageQuery, ReceivedMailPages } from '../../../src/modules/mail/application/ports/received-mail-pages.port.js';
import type { InMemoryDocumentRepository } from './in-memory-documents.js';
import type { InMemoryInboundMessages } from './in-memory-mail.js';

/** The table's pages over the in-memory mail, with the documents fake deciding ownership. */
export class InMemoryReceivedMailPages implements ReceivedMailPages {
  constructor(
    private readonly messages: InMemoryInboundMessages,
    private readonly documents: InMemoryDocumentRepository,
  ) {}

  async pageOf(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailRow[]; total: number } | null> {
    if (!(await this.documents.findOwned(ownerId, documentId))) return null;
    const direction = query.sortOrder === 'asc' ? 1 : -1;
    const key = (row: ReceivedMailRow) => (query.sortBy === 'receivedAt' ? row.receivedAt.getTime() : row[query.sortBy]);
    const rows = [...this.messages.rows.values()]
      .filter((row) => row.documentId === documentId)
      .map(
        (row): ReceivedMailRow => ({
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
        }),
      )
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        if (x !== y) return (x < y ? -1 : 1) * direction;
        return (a.id < b.id ? -1 : 1) * direction;
      });
    const start = (query.page - 1) * query.pageSize;
    return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
  }
}
