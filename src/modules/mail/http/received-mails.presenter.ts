import { domainToASCII, domainToUnicode } from 'node:url';
import type { ForwardingConfirmationResponse, ReceivedMail, ReceivedMailAction } from '../../../contract/received-mails.js';
import type { InboundMessageRepository } from '../application/ports/inbound-message.repository.port.js';
import type { ReceivedMailView } from '../application/received-mails.use-case.js';
import { addressDisplay, type Idna } from '../domain/mail-address.js';
import type { MailAction } from '../domain/mail-action.js';

type StoredConfirmation = Awaited<ReturnType<InboundMessageRepository['forwardingConfirmation']>>;

/** Whitelists what leaves the API; the shapes are the contract's (src/contract). */
export function presentReceivedMail(row: ReceivedMailView): ReceivedMail {
  return {
    id: row.id,
    sourceMail: row.sourceMail,
    subject: row.subject,
    attachments: row.attachments,
    usedTokens: row.usedTokens,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    reason: row.reason,
    authentication: row.authentication ? { result: row.authentication.result, detail: row.authentication.detail } : null,
    action: presentAction(row.action),
  };
}

const IDNA: Idna = { toAscii: domainToASCII, toUnicode: domainToUnicode };

/**
 * The allow action names the sender as received (what the allow-list stores) and as the app shows it:
 * in ASCII, flagged, when the address has look-alike characters.
 */
function presentAction(action: MailAction): ReceivedMailAction {
  if (!action) return null;
  if (action.kind !== 'allow-sender') return { kind: action.kind };
  const display = addressDisplay(action.sender, IDNA);
  return { kind: 'allow-sender', sender: action.sender, senderAscii: display.ascii, lookalike: display.lookalike, looksLike: display.looksLike };
}

export function presentForwardingConfirmation(confirmation: StoredConfirmation): ForwardingConfirmationResponse {
  return {
    forwardingConfirmation: confirmation && {
      code: confirmation.code,
      link: confirmation.link,
      requester: confirmation.requester,
      receivedAt: confirmation.receivedAt.toISOString(),
    },
  };
}
