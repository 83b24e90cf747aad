import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { CLOCK, HOUR_MS, MINUTE_MS, type Clock } from '../../../shared/clock.js';
import { SETTING_OF } from '../domain/notification-kind.js';
import { renderNotification } from '../domain/notification-texts.js';
import { OUTBOUND_MAIL, type OutboundMail } from './ports/outbound-mail.port.js';
import { RECIPIENTS, type Recipients } from './ports/notification-sources.port.js';
import { NOTIFICATION_STORE, type NotificationStore, type OutboxEntry } from './ports/notification-store.port.js';
import { UNSUBSCRIBE_TOKENS, type UnsubscribeTokens } from './ports/unsubscribe-tokens.port.js';

/** Tries per mail before it is given up, and the wait before each retry (the last one repeats). */
export const DELIVERY_ATTEMPTS = 5;
const RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, HOUR_MS];
/** A claimed entry whose process died is claimed again after this long. */
export const DELIVERY_LEASE_MS = 5 * MINUTE_MS;
const BATCH = 50;

/**
 * Sends what the outbox holds and is due. Each entry is leased before it is sent and marked sent after the
 * server accepted it: a failed send is retried with backoff, a sent one never again. Settings and the
 * account are read again at send time: a kind switched off meanwhile, or a deleted account, is not mailed.
 */
@injectable()
export class DeliverNotifications {
  constructor(
    @inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @inject(OUTBOUND_MAIL) private readonly outbound: OutboundMail,
    @inject(RECIPIENTS) private readonly recipients: Recipients,
    @inject(UNSUBSCRIBE_TOKENS) private readonly tokens: UnsubscribeTokens,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many mails went out. */
  async execute(): Promise<number> {
    let sent = 0;
    for (;;) {
      const entries = await this.store.claimDue(this.clock.now(), BATCH, DELIVERY_LEASE_MS);
      for (const entry of entries) if (await this.deliver(entry)) sent += 1;
      if (entries.length < BATCH) return sent;
    }
  }

  private async deliver(entry: OutboxEntry): Promise<boolean> {
    const setting = SETTING_OF[entry.kind];
    const [to, settings] = await Promise.all([this.recipients.emailOf(entry.userId), this.store.settingsOf(entry.userId)]);
    if (!to) {
      await this.store.markFinal(entry.id, 'skipped', 'no account');
      return false;
    }
    if (!settings[setting]) {
      await this.store.markFinal(entry.id, 'skipped', 'switched off');
      return false;
    }
    const publicUrl = this.config.PUBLIC_URL.replace(/\/+$/, '');
    const unsubscribeUrl = `${publicUrl}/unsubscribe?token=${encodeURIComponent(this.tokens.sign(entry.userId, setting))}`;
    const mail = renderNotification(entry.facts, { publicUrl, unsubscribeUrl });
    try {
      await this.outbound.send({
        ...mail,
        to,
        userId: entry.userId,
        documentId: 'documentId' in entry.facts ? entry.facts.documentId : null,
        messageId: `<${entry.id}@mailscribe.notifications>`,
        // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` to this URL.
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (entry.attempts >= DELIVERY_ATTEMPTS) {
        await this.store.markFinal(entry.id, 'failed', reason);
        this.logger.error({ err: error, notification: entry.id, kind: entry.kind }, 'notification mail given up');
      } else {
        const delay = RETRY_DELAYS_MS[Math.min(entry.attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? MINUTE_MS;
        await this.store.markRetry(entry.id, new Date(this.clock.now().getTime() + delay), reason);
        this.logger.warn({ err: error, notification: entry.id, kind: entry.kind, attempts: entry.attempts }, 'notification mail not sent; will retry');
      }
      return false;
    }
    await this.store.markSent(entry.id, this.clock.now());
    return true;
  }
}
