import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboundMail, OutboundMessage } from '../application/ports/outbound-mail.port.js';

/** How long one SMTP exchange may take before the send counts as failed (and is retried later). */
const SMTP_TIMEOUT_MS = 30_000;

/**
 * Sends through the operator's SMTP server (`NOTIFY_SMTP_URL`, smtp:// or smtps://user:pass@host:port), from
 * `NOTIFY_FROM`. No pool: the volume is a few mails per user and month.
 */
export class SmtpOutboundMail implements OutboundMail {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(message: OutboundMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      messageId: message.messageId,
    });
  }

  close(): void {
    this.transport.close();
  }
}
