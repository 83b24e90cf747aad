import type { SmtpEnvelope } from './sender-authenticator.port.js';

/** The document a forward address leads to, as found when the recipient was accepted. */
export interface IntakeRecipient {
  documentId: string;
  ownerId: string;
}

/**
 * What the SMTP listener (a driving adapter) asks of the core. `receive` resolves only once the raw
 * message, its envelope and its processing jobs are committed together: only then may SMTP answer 250.
 */
export interface MailIntake {
  /** The live document behind the address, or null (the listener answers 550 5.1.1). */
  resolveRecipient(address: string): Promise<IntakeRecipient | null>;
  /**
   * `recipients`: what resolveRecipient found for the accepted addresses, so DATA does not look them up
   * again. A document deleted in between still gets the message; processing then ignores it.
   */
  receive(input: { envelope: SmtpEnvelope; raw: Buffer; recipients: IntakeRecipient[] }): Promise<{ messageIds: string[] }>;
}

export const MAIL_INTAKE = Symbol('MailIntake');
