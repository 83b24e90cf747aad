import type { MailKind } from '../../../../text/mail-kind.js';
import type { Summary } from '../../domain/summary.js';

export type { MailKind } from '../../../../text/mail-kind.js';

export type { Summary } from '../../domain/summary.js';

/**
 * One mail as the summariser sees it: already structured and cleaned by the mail pipeline. For a
 * manual forward, `subject`, `from` and `date` are the original mail's, and the person who forwarded it
 * is in `forwardedBy`.
 */
export interface SummaryRequest {
  /** The subject with `Fwd:` / `Re:` / `AW:` … chains removed; '' when there is none. */
  subject: string;
  /** The original sender as shown to the user, e.g. `Ada Lovelace <ada@example.com>`. */
  from: string;
  /** The original date; when only `dateText` is known, the time the mail reached us. */
  date: Date;
  /**
   * The original date as a forward quotes it, when it gives no time zone ("Mon, 16 Nov 2026 at 16:40",
   * in the forwarder's local time): then it, not `date`, is the mail's date.
   */
  dateText?: string | null;
  kind: MailKind;
  /** For a manual forward: who forwarded it and the note they wrote above it ('' when none). */
  forwardedBy: { sender: string; note: string } | null;
  /**
   * The mail's own text, cleaned: HTML converted, hidden and tracking elements, preheaders, footers,
   * quoted history, signatures, legal disclaimers and calendar boilerplate removed, tables kept as
   * `label: value` lines, already capped in length. Line breaks are kept (paragraphs are separated by a
   * blank line). For an invitation, the event's own fields come first (`Event:`, `When:`, `Where:`,
   * `Organizer:`); for a bounce, `Recipient:`, `Status:` and `Reason:` lines.
   */
  text: string;
  /**
   * The attachments that were read, each labelled by its file name, their text cleaned like the body and
   * within the same cap. Untrusted data, like the body. Absent or empty when there are none.
   */
  attachments?: readonly AttachmentText[];
  /**
   * The reader: the document owner, whom a request in the mail is usually made to. Null when unknown
   * (the mail is still summarised; requests are then judged without knowing whom they address).
   */
  reader?: { name: string; address: string } | null;
  /** The document's description: the user's instructions for summaries in this document (may be empty). */
  instructions: string;
}

/** One attachment's text as the summariser sees it. */
export interface AttachmentText {
  /** The file name, e.g. `invoice-2291.pdf`. */
  name: string;
  text: string;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface Llm {
  /**
   * `maxRequests`: how many model requests this call may make at most (a fallback or a repair counts);
   * the pipeline passes what is left of the mail's budget.
   */
  summarise(request: SummaryRequest, maxRequests?: number): Promise<{ summary: Summary; usage: LlmUsage }>;
}

/** Why a retry may help; the mail's reason names it when the retries run out. */
export type LlmUnavailableCause = 'rate-limit' | 'server-error' | 'timeout' | 'connection';

/** A failure a later retry may fix (429, 5xx, timeout, connection). */
export class LlmUnavailableError extends Error {
  override readonly name = 'LlmUnavailableError';
  /** How many model requests the failed call made (a fallback or a repair before the failure counts). */
  requests = 1;
  constructor(
    message: string,
    readonly why: LlmUnavailableCause = 'server-error',
  ) {
    super(message);
  }
}

/** A failure no retry fixes (refusal, an answer that never matches the schema, a bad request). */
export class LlmFailedError extends Error {
  override readonly name = 'LlmFailedError';
}

export const LLM = Symbol('Llm');
