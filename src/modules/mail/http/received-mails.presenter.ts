import type { ForwardingConfirmationResponse, ReceivedMail, ReceivedMailAction } from '../../../contract/received-mails.js';
import type { InboundMessageRepository } from '../application/ports/inbound-message.repository.port.js';
import type { ReceivedMailView } from '../application/received-mails.use-case.js';
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

function presentAction(action: MailAction): ReceivedMailAction {
  if (!action) return null;
  return action.kind === 'allow-sender' ? { kind: 'allow-sender', sender: action.sender } : { kind: action.kind };
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
