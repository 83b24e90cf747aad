/** How one processing run of a mail ended, when it ended somewhere the user can see. */
export type MailOutcome = 'processed' | 'ignored' | 'held' | 'failed' | 'duplicate';

/**
 * What the mail pipeline reports for operators (counters and timings). Recording never throws and never
 * waits: a metrics problem must not change what happens to a mail.
 */
export interface MailMetrics {
  /** Messages committed by the SMTP intake (one per document addressed), i.e. the ones answered 250. */
  mailsReceived(count: number): void;
  /** A processing run reached an outcome, `seconds` after the run started. */
  mailFinished(outcome: MailOutcome, seconds: number): void;
  /** Tokens the model reported for one summary. */
  modelTokens(input: number, output: number): void;
  /** Writing a summary into the document failed (the run then retries or fails). */
  docWriteFailed(): void;
}

/** Records nothing: for use cases built by hand (unit tests) without a metrics backend. */
export const noMailMetrics: MailMetrics = {
  mailsReceived: () => undefined,
  mailFinished: () => undefined,
  modelTokens: () => undefined,
  docWriteFailed: () => undefined,
};

export const MAIL_METRICS = Symbol('MailMetrics');
