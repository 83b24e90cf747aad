import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeScope, UnsubscribeTokens } from '../application/ports/unsubscribe-tokens.port.js';
import { isNotificationSetting } from '../domain/notification-kind.js';

/**
 * `<base64url(userId:scope)>.<base64url(HMAC-SHA256)>`, keyed by a key derived from the app's secret
 * (`JWT_SECRET`) for this one purpose, so an unsubscribe token is never a sign-in token or the reverse. No
 * expiry: an unsubscribe link must keep working in an old mail.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('mailscribe:unsubscribe:v1').digest();
  }

  sign(userId: string, scope: UnsubscribeScope): string {
    const payload = Buffer.from(`${userId}:${scope}`).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): { userId: string; scope: UnsubscribeScope } | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [userId, scope, rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
    if (!userId || !scope || rest !== undefined) return null;
    if (scope !== 'all' && !isNotificationSetting(scope)) return null;
    return { userId, scope };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
