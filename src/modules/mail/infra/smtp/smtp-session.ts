import type { SMTPServerSession } from 'smtp-server';
import type { SmtpEnvelope } from '../../application/ports/sender-authenticator.port.js';

/**
 * An error for an smtp-server callback: the reply is `responseCode`, then (enhanced status codes are on)
 * the enhanced code smtp-server derives from the reply code, then `message`. Only onConnect's refusal
 * is sent without a derived enhanced code, so its message carries its own.
 */
export function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

export function envelopeOf(session: SMTPServerSession): SmtpEnvelope {
  const { mailFrom, rcptTo } = session.envelope;
  return {
    // The null reverse-path (`MAIL FROM:<>`, bounces) is null, like no MAIL FROM at all.
    mailFrom: mailFrom && mailFrom.address ? mailFrom.address : null,
    recipients: rcptTo.map((r) => r.address),
    remoteAddress: session.remoteAddress,
    // smtp-server keeps `false` here until HELO/EHLO; DATA is never reached before it.
    heloName: session.hostNameAppearsAs || '',
  };
}
