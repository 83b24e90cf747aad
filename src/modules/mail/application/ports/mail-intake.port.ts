import type { SmtpEnvelope } from './sender-authenticator.port.js';

/**
 * What the SMTP listener (a driving adapter) asks of the core. `receive` resolves only once the raw
 * message, its envelope and its processing jobs are committed together: only then may SMTP answer 250.
 */
export interface MailIntake {
  /** True when the address is a live forward address (else the listener answers 550 5.1.1). */
  acceptsRecipient(address: string): Promise<boolean>;
  receive(input: { envelope: SmtpEnvelope; raw: Buffer }): Promise<{ messageIds: string[] }>;
}

export const MAIL_INTAKE = Symbol('MailIntake');
