import type { SenderVerdict } from '../../domain/sender-authorisation.js';

export type { SenderVerdict };

export interface SmtpEnvelope {
  mailFrom: string | null;
  recipients: string[];
  remoteAddress: string;
  heloName: string;
}

export interface SenderAuthenticator {
  /** Never throws for the message's sake: DNS trouble and time-outs come back as `temperror`. */
  verify(raw: Buffer, envelope: SmtpEnvelope): Promise<SenderVerdict>;
}

export const SENDER_AUTHENTICATOR = Symbol('SenderAuthenticator');
