import type { Knex } from 'knex';
import type { MailStatus } from '../../domain/inbound-message.js';
import type { StatusEntry } from '../../domain/status-history.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import type { ReceivedMailRow, ReceivedMailSortKey } from '../../application/ports/inbound-message.repository.port.js';
import type { ReceivedMailFilter } from '../../application/ports/received-mail-pages.port.js';
import { refusalOf, verdictOf } from './message-row.mapping.js';

/** A received-mail row as the table's reads select it (`rowColumns`). */
export interface ReceivedMailDbRow {
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

export const SORT_COLUMNS: Record<ReceivedMailSortKey, string> = { sourceMail: 'source_mail', subject: 'subject', usedTokens: 'used_tokens', receivedAt: 'received_at' };

/** The columns of a row, of the mail table under `alias` (none: unqualified). */
export function rowColumns(db: Knex, alias?: string): (string | Knex.Raw)[] {
  const of = (column: string) => (alias ? `${alias}.${column}` : column);
  return [
    ...['id', 'source_mail', 'subject', 'attachment_count', 'used_tokens', 'received_at', 'status', 'reason', 'auth_verdict', 'refusal_reason', 'refusal_sender'].map(of),
    // Whether the content is kept, not the content: a page must not read megabytes of raw mail.
    db.raw(`${alias ? `${alias}.` : ''}raw IS NOT NULL AS has_content`),
  ];
}

export function toReceivedMailRow(row: ReceivedMailDbRow): ReceivedMailRow {
  return {
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
  };
}

export function isFiltered(filter: ReceivedMailFilter | undefined): filter is ReceivedMailFilter {
  return Boolean(filter && (filter.text || filter.statuses?.length || filter.from || filter.before));
}

/** LIKE's wildcards and its escape character, taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The filter's conditions on the mail table under `alias`. The text is a substring match (ILIKE) on the
 * rows the read's index already bounds (one document's, or one owner's, kept for MAIL_LOG_DAYS): see
 * docs/operations.md § Received-mail search for why no trigram index.
 */
export function applyFilter(builder: Knex.QueryBuilder, filter: ReceivedMailFilter | undefined, alias?: string): Knex.QueryBuilder {
  if (!filter) return builder;
  const of = (column: string) => (alias ? `${alias}.${column}` : column);
  if (filter.text) {
    const pattern = `%${literal(filter.text)}%`;
    builder.where((text) => text.where(of('subject'), 'ilike', pattern).orWhere(of('source_mail'), 'ilike', pattern));
  }
  if (filter.statuses?.length) builder.whereIn(of('status'), filter.statuses);
  if (filter.from) builder.where(of('received_at'), '>=', filter.from);
  if (filter.before) builder.where(of('received_at'), '<', filter.before);
  return builder;
}

/** A stored jsonb value: parsed by the driver, or its text. */
function jsonOf(stored: unknown): unknown {
  return typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
}

/** The kept block, when there is a well-formed one. */
export function blockOf(stored: unknown): WrittenBlock | null {
  const value = jsonOf(stored);
  if (typeof value !== 'object' || value === null) return null;
  const { heading, meta, body } = value as Partial<Record<keyof WrittenBlock, unknown>>;
  return typeof heading === 'string' && typeof meta === 'string' && typeof body === 'string' ? { heading, meta, body } : null;
}

/** The recorded status history, oldest first. */
export function historyOf(stored: unknown): StatusEntry[] {
  const value = jsonOf(stored);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): StatusEntry[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { status, reason, at, from } = entry as Record<string, unknown>;
    if (typeof status !== 'string' || (typeof at !== 'string' && !(at instanceof Date))) return [];
    return [{ status: status as MailStatus, reason: typeof reason === 'string' ? reason : null, at: new Date(at), from: typeof from === 'string' ? (from as MailStatus) : null }];
  });
}
