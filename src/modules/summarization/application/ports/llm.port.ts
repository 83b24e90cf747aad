import type { Summary } from '../../domain/summary.js';

export type { Summary } from '../../domain/summary.js';

/** One mail, as the model sees it: untrusted content plus the document owner's standing instructions. */
export interface SummaryRequest {
  subject: string;
  /** The sender as shown to the user, e.g. `Ada Lovelace <ada@example.com>`. */
  from: string;
  date: Date;
  /**
   * The mail's normalised plain text (HTML converted, runs of spaces collapsed), already capped in
   * length. Line breaks are kept: the offline summariser reads quoted lines, signatures and lists by them.
   */
  text: string;
  /** The document's description: the user's instructions for summaries in this document (may be empty). */
  instructions: string;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface Llm {
  summarise(request: SummaryRequest): Promise<{ summary: Summary; usage: LlmUsage }>;
}

/** A failure a later retry may fix (429, 5xx, timeout, connection). */
export class LlmUnavailableError extends Error {
  override readonly name = 'LlmUnavailableError';
}

/** A failure no retry fixes (refusal, an answer that never matches the schema, a bad request). */
export class LlmFailedError extends Error {
  override readonly name = 'LlmFailedError';
}

export const LLM = Symbol('Llm');
