import { DocAccessRevokedError, DocNotFoundError, DocStoreUnavailableError } from '../../documents/index.js';
import { LlmFailedError, LlmUnavailableError } from '../../summarization/index.js';
import { MailParseError } from './ports/mail-parser.port.js';
import { describesOutage } from '../../../shared/database-outage.js';

/** DMARC/DKIM could not be checked right now (DNS trouble); under enforce the mail waits and retries. */
export class SenderCheckUnavailableError extends Error {
  override readonly name = 'SenderCheckUnavailableError';
}

export interface ClassifiedFailure {
  /** A later attempt may succeed (busy model, Google down, a database hiccup). */
  transient: boolean;
  /** Shown to the user in the received-mail row. */
  reason: string;
}

/** Why the model did not answer, as the user reads it (the last one stays as the failed mail's reason). */
const MODEL_UNAVAILABLE: Record<LlmUnavailableError['why'], string> = {
  'rate-limit': 'The summarising model refused more requests for now: its rate limit was reached (429).',
  'server-error': 'The summarising model had a server error (5xx).',
  timeout: 'The summarising model did not answer in time.',
  connection: 'The summarising model could not be reached (no connection).',
};

/**
 * Whether a database call failed because the database could not be reached (the connection could not
 * be made, or was cut under the statement), not because of the statement: the same call may succeed as
 * it is once the database is back. Looks at the error itself only, not at its `cause`: the pipeline's
 * own errors for an unreachable model, Google or DNS (each wrapping a socket error) are not about the
 * database.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof LlmUnavailableError || error instanceof SenderCheckUnavailableError || error instanceof DocStoreUnavailableError) return false;
  return describesOutage(error);
}

/** Turns what went wrong into a retry decision and a sentence the user can act on. */
export function classifyFailure(error: unknown): ClassifiedFailure {
  if (error instanceof LlmUnavailableError) return { transient: true, reason: MODEL_UNAVAILABLE[error.why] };
  if (error instanceof SenderCheckUnavailableError) return { transient: true, reason: `The sender's domain could not be checked right now (${error.message}).` };
  if (error instanceof DocStoreUnavailableError) return { transient: true, reason: 'Google Docs is not answering.' };
  if (error instanceof LlmFailedError) return { transient: false, reason: `The summarising model could not summarise this mail: ${error.message}` };
  if (error instanceof DocNotFoundError) return { transient: false, reason: 'The linked document no longer exists (was it deleted in Google Drive?).' };
  if (error instanceof DocAccessRevokedError) return { transient: false, reason: 'Mailscribe no longer has access to your Google Docs: sign in again to grant it, then retry.' };
  if (error instanceof MailParseError) {
    // The parser's message names the limit it passed.
    if (error.reason === 'too-many-parts') return { transient: false, reason: error.message };
    return { transient: false, reason: error.reason === 'timeout' ? 'The mail took too long to read (it may be malformed).' : 'The mail could not be read (malformed MIME).' };
  }
  if (isDatabaseUnreachable(error)) return { transient: true, reason: 'The database could not be reached for a moment.' };
  // Unknown errors (a database hiccup, a bug) are retried; if they persist the mail fails visibly.
  return { transient: true, reason: 'An internal error occurred.' };
}
