import { domainToASCII, domainToUnicode } from 'node:url';
import type { FoundMail, ForwardingConfirmationResponse, ReceivedMail, ReceivedMailAction, ReceivedMailDetail } from '../../../contract/received-mails.js';
import type { InboundMessageRepository } from '../application/ports/inbound-message.repository.port.js';
import type { FoundMailView, ReceivedMailDetailView, ReceivedMailView } from '../application/received-mails.use-case.js';
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

/** A mail's panel: its row, the block as written (in parts), its history oldest first and its link. */
export function presentReceivedMailDetail(detail: ReceivedMailDetailView): ReceivedMailDetail {
  return {
    ...presentReceivedMail(detail),
    documentId: detail.documentId,
    block: detail.block && {
      heading: detail.block.heading,
      meta: [...detail.block.meta],
      summary: [...detail.block.summary],
      keyPoints: [...detail.block.keyPoints],
      actionItems: [...detail.block.actionItems],
    },
    history: detail.history.map((change) => ({ status: change.status, reason: change.reason, at: change.at.toISOString() })),
    documentUrl: detail.documentUrl,
  };
}

export function presentFoundMail(found: FoundMailView): FoundMail {
  return { ...presentReceivedMail(found), documentId: found.documentId, documentName: found.documentName };
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
