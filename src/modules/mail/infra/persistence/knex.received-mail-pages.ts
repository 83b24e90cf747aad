import type { Knex } from 'knex';
import { CompiledQuery } from '../../../../platform/db/compiled-query.js';
import type { Database } from '../../../../platform/db/database.js';
import type { MailStatus } from '../../domain/inbound-message.js';
import type { ReceivedMailRow, ReceivedMailSortKey } from '../../application/ports/inbound-message.repository.port.js';
import type { ReceivedMailPageQuery, ReceivedMailPages } from '../../application/ports/received-mail-pages.port.js';
import { refusalOf, verdictOf } from './message-row.mapping.js';

/** The documents module's rule for "the owner's live document", as a subquery of its id. */
export interface OwnedDocumentScope {
  liveOwned(db: Knex, ownerId: string, documentId: string): Knex.QueryBuilder;
}

interface PageRow {
  total: number | string | null;
  id: string;
  source_mail: string;
  subject: string;
  attachment_count: number;
  used_tokens: number;
  received_at: Date;
  status: MailStatus;
  reason: string | null;
  auth_verdict: unknown;
  refusal_reason: string | null;
  refusal_sender: string | null;
  has_content: boolean;
}

const SORT_COLUMNS: Record<ReceivedMailSortKey, string> = { sourceMail: 'source_mail', subject: 'subject', usedTokens: 'used_tokens', receivedAt: 'received_at' };

/** What a page statement is run with; its shape (sort, order, how it skips) picks the kept SQL. */
type PageParams = { ownerId: string; documentId: string; limit: number; offset: number };
type PageShape = { column: string; order: 'asc' | 'desc'; skip: 'none' | 'keyset' | 'offset' };

/**
 * A page of a document's received mail in one statement: the page, with the ownership probe and the total
 * (kept per document, migration 20261127150000) as one-time subqueries. Only an empty page (past the end,
 * or no mail yet) asks again, for ownership and the total alone. Subqueries rather than joins: the
 * statement then plans as a read of one table, which measured half the cost of the joined form.
 *
 * In the default order (received_at, then id: the index's order) a deep page starts at its first mail's
 * position, found by skipping entries of the index alone, and reads only its own rows; the other sorts
 * skip with OFFSET over a sort of the document's mail (an index each would cost every mail's writes).
 */
export class KnexReceivedMailPages implements ReceivedMailPages {
  /** The document page's table is read on every visit and every live update: its SQL is built once per shape. */
  private readonly pages: CompiledQuery<PageShape, PageParams>;

  constructor(
    private readonly db: Database,
    private readonly documents: OwnedDocumentScope,
  ) {
    this.pages = new CompiledQuery(db, (shape: PageShape) => `${shape.column} ${shape.order} ${shape.skip}`, (builder, shape, params) => this.pageStatement(builder, shape, params));
  }

  async pageOf(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailRow[]; total: number } | null> {
    const skip = (query.page - 1) * query.pageSize;
    const shape: PageShape = {
      column: SORT_COLUMNS[query.sortBy],
      order: query.sortOrder === 'asc' ? 'asc' : 'desc',
      skip: skip === 0 ? 'none' : query.sortBy === 'receivedAt' ? 'keyset' : 'offset',
    };
    const rows = await this.pages.rows<PageRow>(shape, { ownerId, documentId, limit: query.pageSize, offset: skip });
    const [first] = rows;
    if (!first) {
      const owned = this.documents.liveOwned(this.db, ownerId, documentId);
      const total = this.totalOf(this.db, documentId);
      const alone = (await this.db.select(this.db.raw('EXISTS (?) AS owned', [owned]), total.as('total')).first()) as { owned: boolean; total: number | string | null };
      return alone.owned ? { rows: [], total: Number(alone.total ?? 0) } : null;
    }
    return {
      rows: rows.map((row) => ({
        id: row.id,
        sourceMail: row.source_mail,
        subject: row.subject,
        attachments: row.attachment_count,
        usedTokens: row.used_tokens,
        receivedAt: row.received_at,
        status: row.status,
        reason: row.reason,
        authentication: verdictOf(row.auth_verdict),
        refusal: refusalOf(row),
        hasContent: row.has_content,
      })),
      total: Number(first.total ?? 0),
    };
  }

  private totalOf(db: Database, documentId: string): Knex.QueryBuilder {
    return db('inbound_message_totals').where({ document_id: documentId }).select('mails');
  }

  private pageStatement(db: Database, { column, order, skip }: PageShape, { ownerId, documentId, limit, offset }: PageParams): Knex.QueryBuilder {
    const inOrder = (builder: Knex.QueryBuilder) =>
      builder.where({ document_id: documentId }).orderBy([
        { column, order },
        { column: 'id', order },
      ]);
    const page = inOrder(db('inbound_messages'))
      .limit(limit)
      .select(
        'id',
        'source_mail',
        'subject',
        'attachment_count',
        'used_tokens',
        'received_at',
        'status',
        'reason',
        'auth_verdict',
        'refusal_reason',
        'refusal_sender',
        // Whether the content is kept, not the content: a page must not read megabytes of raw mail.
        db.raw('raw IS NOT NULL AS has_content'),
        this.totalOf(db, documentId).as('total'),
      )
      .whereExists(this.documents.liveOwned(db, ownerId, documentId));
    if (skip === 'none') return page;
    if (skip === 'offset') return page.offset(offset);
    // Keyset from the page's first mail: past the end there is none, the comparison is null, the page empty.
    const start = inOrder(db('inbound_messages')).offset(offset).limit(1).select('received_at', 'id');
    return page.whereRaw(`(received_at, id) ${order === 'desc' ? '<=' : '>='} (?)`, [start]);
  }
}
