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
  /** The visible From. For a manual forward this is the forwarding user, not the quoted sender. */
  from: { address: string } | null;
  /** The sender quoted in a manual forward (or the From of a forwarded message/rfc822 part). */
  originalSender: { address: string } | null;
  allowList: readonly string[];
  /**
   * The document owner's own address. A quoted original sender counts only in mail forwarded from it:
   * anyone can type "Forwarded message / From: allowed@…" into a body.
   */
  ownerEmail: string | null;
  /** The authentication verdict of the visible From; null when it was not checked. */
  verdict: SenderVerdict | null;
  mode: SenderAuthMode;
}

export type RefusalReason = 'not-on-list' | 'failed-authentication' | 'no-sender';

export type SenderAuthorisation =
  | {
      allowed: true;
      /** The allow-listed address that let the mail in. */
      sender: string;
      via: 'from' | 'original-sender';
      /** For logs and the received-mail row: what authentication said, under `report` or `enforce`. */
      detail: string;
    }
  | {
      allowed: false;
      reason: RefusalReason;
      /** The address the refusal is about (the visible From when there is one); null for `no-sender`. */
      sender: string | null;
      /** For `failed-authentication`, the verdict's own detail; otherwise an explanation for logs. */
      detail: string;
    };

function describeVerdict(verdict: SenderVerdict | null): string {
  return verdict ? `${verdict.result}${verdict.detail ? ` (${verdict.detail})` : ''}` : 'not checked';
}

/**
 * The allow-list rule of the contract. Allowed when the visible From, or for a manual forward the quoted
 * original sender, is on the document's list. Authentication is always about the visible From: when a
 * user forwards by hand, the mail comes from the user's own mailbox, and the quoted sender proves nothing.
 */
export function authoriseSender(input: SenderAuthorisationInput): SenderAuthorisation {
  const from = input.from ? normaliseAddress(input.from.address) : '';
  const original = input.originalSender ? normaliseAddress(input.originalSender.address) : '';
  if (!from && !original) {
    return { allowed: false, reason: 'no-sender', sender: null, detail: 'the mail has neither a From address nor a quoted original sender' };
  }

  const list = new Set(input.allowList.map(normaliseAddress));
  const authNote = input.mode === 'off' ? '' : `; authentication: ${describeVerdict(input.verdict)}`;
  const forwardedByOwner = Boolean(from) && from === normaliseAddress(input.ownerEmail ?? '');
  const match =
    from && list.has(from)
      ? { sender: from, via: 'from' as const }
      : original && forwardedByOwner && list.has(original)
        ? { sender: original, via: 'original-sender' as const }
        : null;

  if (!match) {
    const who = [from && `from ${from}`, original && `original sender ${original}`].filter(Boolean).join(', ');
    const note = original && list.has(original) && !forwardedByOwner ? '; a quoted sender counts only in mail forwarded from your own account address' : '';
    return { allowed: false, reason: 'not-on-list', sender: from || original, detail: `not on the allow-list (${who})${note}${authNote}` };
  }
  if (input.mode === 'enforce' && input.verdict?.result !== 'pass') {
    const detail = input.verdict ? input.verdict.detail || input.verdict.result : 'authentication was not checked';
    return { allowed: false, reason: 'failed-authentication', sender: from || null, detail: input.verdict?.result === 'temperror' ? `temporary error: ${detail}` : detail };
  }
  return { allowed: true, ...match, detail: `${match.sender} is on the allow-list (${match.via})${authNote}` };
}

/** The refusal as the user sees it on the document's received-mail list. */
export function describeRefusal(refusal: { reason: RefusalReason; sender: string | null; detail: string }): string {
  switch (refusal.reason) {
    case 'not-on-list':
      return `Sender ${refusal.sender ?? 'unknown'} is not on this document's allow-list.`;
    case 'failed-authentication':
      return `The sender's domain failed DMARC/DKIM checks (${refusal.detail}).`;
    case 'no-sender':
      return 'The mail has no sender address.';
  }
}

/** A verdict the pipeline may want to retry before refusing under `enforce` (a DNS hiccup, a timeout). */
export function isTransientVerdict(verdict: SenderVerdict | null): boolean {
  return verdict?.result === 'temperror';
}
