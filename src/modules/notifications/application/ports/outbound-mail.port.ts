/** One mail to one person, with both parts and its extra headers (List-Unsubscribe). */
export interface OutboundMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Stable per outbox entry, so a resend after a crash is recognisable as the same mail. */
  messageId: string;
  /** The account the mail is for: the development outbox files it under it (erased with the account). */
  userId: string;
  /** The document the mail is about, if one: the development outbox files it under it (erased with the document). */
  documentId: string | null;
}

/**
 * Sends mail out of the product. Resolves once the mail is accepted for delivery; throws when it was not
 * (the caller retries). Adapters: SMTP (nodemailer) and the development outbox.
 */
export interface OutboundMail {
  send(message: OutboundMessage): Promise<void>;
}

export const OUTBOUND_MAIL = Symbol('OutboundMail');
