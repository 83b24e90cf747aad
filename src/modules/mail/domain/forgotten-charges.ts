/** Why a mail's record is gone: its document was deleted, or the record outlived MAIL_LOG_DAYS. */
export type ForgottenBecause = 'deleted document' | 'record expired';

/**
 * What a mail's ledger entries say once its record is gone. While the record exists they name the mail's
 * subject (and the document, for the summary); after, only the tokens and dates stay in the user's token
 * history, under these words.
 */
export function forgottenCharges(because: ForgottenBecause): { reserve: string; settle: string; refund: string } {
  return { reserve: `Mail (${because})`, settle: `Summary (${because})`, refund: `Refund (${because})` };
}
