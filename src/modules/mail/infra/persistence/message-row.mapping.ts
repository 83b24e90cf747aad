import type { Refusal } from '../../domain/inbound-message.js';
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
