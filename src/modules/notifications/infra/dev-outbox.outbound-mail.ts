import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../shared/ids.js';
import type { OutboundMail, OutboundMessage } from '../application/ports/outbound-mail.port.js';

/** A mail the development outbox kept, as its page shows it. */
export interface DevOutboxMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  sentAt: Date;
}

/**
 * The embedded default (no `NOTIFY_SMTP_URL`, not production): "sending" keeps the mail in the database,
 * where /dev/outbox shows it, as the dev sign-in page stands in for Google. Nothing leaves the machine.
 */
export class DevOutboxOutboundMail implements OutboundMail {
  constructor(
    private readonly db: Database,
    private readonly from: string,
    private readonly now: () => Date,
  ) {}

  async send(message: OutboundMessage): Promise<void> {
    await this.db('dev_outbox_mails').insert({
      id: newId(),
      user_id: message.userId,
      document_id: message.documentId,
      to: message.to,
      from: this.from,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: JSON.stringify({ ...message.headers, 'Message-ID': message.messageId }),
      sent_at: this.now(),
    });
  }

  async recent(limit: number): Promise<DevOutboxMail[]> {
    const rows = (await this.db('dev_outbox_mails')
      .orderBy([{ column: 'sent_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit)
      .select('id', 'to', 'from', 'subject', 'text', 'html', 'headers', 'sent_at')) as (Omit<DevOutboxMail, 'headers' | 'sentAt'> & {
      headers: Record<string, string> | string;
      sent_at: Date;
    })[];
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      from: row.from,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
      sentAt: row.sent_at,
    }));
  }
}
