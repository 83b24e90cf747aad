import { normaliseAddress } from './mail-address.js';

/** DMARC (or DKIM aligned with the From domain) for the visible From. */
export interface SenderVerdict {
  result: 'pass' | 'fail' | 'none' | 'temperror';
  /** Short human-readable explanation, e.g. `dmarc=fail (p=REJECT) header.from=example.com`. */
  detail: string;
}

/** `SENDER_AUTH`: `off` ignores the verdict, `report` records it, `enforce` requires a pass. */
export type SenderAuthMode = 'off' | 'report' | 'enforce';

export interface SenderAuthorisationInput {
  /**
   * The visible From of the message that reached us: the only sender that can be authenticated. For a
   * manual forward this is the person who forwarded it; the original sender quoted in the body never
   * counts (anyone can type one). Auto-forwarded mail keeps the original From, which then decides.
   */
  from: { address: string } | null;
  /** Two From headers, or a From with two mailboxes: which one would be checked is anyone's guess. */
  ambiguous?: boolean;
  allowList: readonly string[];
  /** The authentication verdict of the visible From; null when it was not checked. */
  verdict: SenderVerdict | null;
  mode: SenderAuthMode;
}

export type RefusalReason = 'not-on-list' | 'failed-authentication' | 'no-sender' | 'ambiguous-sender';

export type SenderAuthorisation =
  | {
      allowed: true;
      /** The allow-listed address that let the mail in. */
      sender: string;
      /** For logs: what authentication said, under `report` or `enforce`. */
      detail: string;
    }
  | {
      allowed: false;
      reason: RefusalReason;
      /** The visible From the refusal is about; null for `no-sender`. */
      sender: string | null;
      /** For `failed-authentication`, the verdict's own detail; otherwise an explanation for logs. */
      detail: string;
    };

function describeVerdict(verdict: SenderVerdict | null): string {
  return verdict ? `${verdict.result}${verdict.detail ? ` (${verdict.detail})` : ''}` : 'not checked';
}

/**
 * The allow-list rule of the contract: allowed when the visible From is on the document's list and, under
 * `enforce`, its domain passes DMARC or aligned DKIM.
 */
export function authoriseSender(input: SenderAuthorisationInput): SenderAuthorisation {
  const from = input.from ? normaliseAddress(input.from.address) : '';
  if (input.ambiguous) return { allowed: false, reason: 'ambiguous-sender', sender: from || null, detail: 'the From header names more than one sender' };
  if (!from) return { allowed: false, reason: 'no-sender', sender: null, detail: 'the mail has no From address' };
  const authNote = input.mode === 'off' ? '' : `; authentication: ${describeVerdict(input.verdict)}`;
  if (!input.allowList.some((allowed) => normaliseAddress(allowed) === from)) {
    return { allowed: false, reason: 'not-on-list', sender: from, detail: `${from} is not on the allow-list${authNote}` };
  }
  if (input.mode === 'enforce' && input.verdict?.result !== 'pass') {
    const detail = input.verdict ? input.verdict.detail || input.verdict.result : 'authentication was not checked';
    return { allowed: false, reason: 'failed-authentication', sender: from, detail: input.verdict?.result === 'temperror' ? `temporary error: ${detail}` : detail };
  }
  return { allowed: true, sender: from, detail: `${from} is on the allow-list${authNote}` };
}

/** The refusal as the user sees it on the document's received-mail list. */
export function describeRefusal(refusal: { reason: RefusalReason; sender: string | null; detail: string }, manualForward = false): string {
  switch (refusal.reason) {
    case 'not-on-list':
      return manualForward
        ? `Forwarded by ${refusal.sender ?? 'unknown'}, who is not on this document's allow-list (the sender quoted in a forward does not count).`
        : `Sender ${refusal.sender ?? 'unknown'} is not on this document's allow-list.`;
    case 'failed-authentication':
      return `The sender's domain failed DMARC/DKIM checks (${refusal.detail}).`;
    case 'no-sender':
      return 'The mail has no sender address.';
    case 'ambiguous-sender':
      return 'The mail names more than one sender (two From headers, or two addresses in one), so it is ignored as ambiguous.';
  }
}

/** A verdict the pipeline may want to retry before refusing under `enforce` (a DNS hiccup, a timeout). */
export function isTransientVerdict(verdict: SenderVerdict | null): boolean {
  return verdict?.result === 'temperror';
}
