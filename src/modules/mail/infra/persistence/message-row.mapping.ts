import type { InboundMessage, MailStatus, Refusal } from '../../domain/inbound-message.js';
import type { ClaimedRun } from '../../application/ports/inbound-message.repository.port.js';
import type { SenderVerdict } from '../../domain/sender-authorisation.js';

const REFUSAL_REASONS: readonly string[] = ['not-on-list', 'failed-authentication', 'no-sender', 'ambiguous-sender'] satisfies Refusal['reason'][];

/** The stored refusal, when there is a known one (rows from before it was stored have none). */
export function refusalOf(row: { refusal_reason: string | null; refusal_sender: string | null }): Refusal | null {
  return row.refusal_reason && REFUSAL_REASONS.includes(row.refusal_reason) ? { reason: row.refusal_reason as Refusal['reason'], sender: row.refusal_sender } : null;
}

/** A stored sender-check verdict, when there is a well-formed one. */
export function verdictOf(stored: unknown): SenderVerdict | null {
  const value = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  if (typeof value !== 'object' || value === null) return null;
  const { result, detail } = value as { result?: unknown; detail?: unknown };
  return (result === 'pass' || result === 'fail' || result === 'none' || result === 'temperror') && typeof detail === 'string' ? { result, detail } : null;
}

/** A row of inbound_messages as the repository and the queue read it. */
export interface MessageRow {
  id: string;
  document_id: string;
  owner_id: string;
  status: MailStatus;
  reason: string | null;
  envelope: InboundMessage['envelope'];
  raw: Buffer | Uint8Array | null;
  size_bytes: number;
  source_mail: string;
  subject: string;
  attachment_count: number;
  used_tokens: number;
  attempts: number;
  charge_round: number;
  parsed: InboundMessage['parsed'];
  cost_tokens: number | null;
  summary: InboundMessage['summary'];
  written_at: Date | null;
  received_at: Date;
  held_at: Date | null;
  refusal_reason: string | null;
  refusal_sender: string | null;
}

export function toMessage(row: MessageRow): InboundMessage {
  return {
    id: row.id,
    documentId: row.document_id,
    ownerId: row.owner_id,
    status: row.status,
    reason: row.reason,
    envelope: row.envelope,
    raw: row.raw ? Buffer.from(row.raw) : null,
    sizeBytes: row.size_bytes,
    sourceMail: row.source_mail,
    subject: row.subject,
    attachmentCount: row.attachment_count,
    usedTokens: row.used_tokens,
    attempts: row.attempts,
    chargeRound: row.charge_round,
    parsed: row.parsed,
    costTokens: row.cost_tokens,
    summary: row.summary,
    writtenAt: row.written_at,
    receivedAt: row.received_at,
    heldAt: row.held_at,
    refusal: refusalOf(row),
  };
}

/**
 * The claim's column `earlier_delivery` for the claimed row `m`: its earlier delivery while it is not
 * parsed yet (see ClaimedRun), by the dedup index, so the redelivery check costs no statement of its own.
 * Compared in SQL, at the database's own (microsecond) precision. Binds `:dedupSeconds`.
 */
export const EARLIER_DELIVERY_COLUMN = `CASE WHEN m.parsed IS NULL THEN (
    SELECT json_build_object('id', e.id, 'receivedAtMs', extract(epoch FROM e.received_at) * 1000)
    FROM inbound_messages e
    WHERE e.document_id = m.document_id AND e.dedup_key = m.dedup_key
      AND e.received_at >= m.received_at - make_interval(secs => :dedupSeconds)
      AND (e.received_at < m.received_at OR (e.received_at = m.received_at AND e.id < m.id))
    ORDER BY e.received_at, e.id
    LIMIT 1
  ) END AS earlier_delivery`;

/** A claimed row, with the `EARLIER_DELIVERY_COLUMN` beside it. */
export function toClaimedRun(row: MessageRow & { earlier_delivery: { id: string; receivedAtMs: number | string } | string | null }): ClaimedRun {
  const earlier = typeof row.earlier_delivery === 'string' ? (JSON.parse(row.earlier_delivery) as { id: string; receivedAtMs: number | string }) : row.earlier_delivery;
  return { message: toMessage(row), earlierDelivery: earlier ? { id: earlier.id, receivedAt: new Date(Number(earlier.receivedAtMs)) } : null };
}
