import { inject, injectable } from 'tsyringe';
import { NOTIFICATION_SETTINGS, type NotificationSetting } from '../domain/notification-kind.js';
import { ManageNotificationSettings } from './notification-settings.use-case.js';
import { UNSUBSCRIBE_TOKENS, type UnsubscribeScope, type UnsubscribeTokens } from './ports/unsubscribe-tokens.port.js';

export type UnsubscribeResult = { ok: true; scope: UnsubscribeScope } | { ok: false };

/**
 * The unsubscribe link, signed out: the token's signature proves which account and which kind of mail.
 * `scope` may widen a one-kind link to every kind (the page offers both); it never names another account.
 */
@injectable()
export class Unsubscribe {
  constructor(
    @inject(UNSUBSCRIBE_TOKENS) private readonly tokens: UnsubscribeTokens,
    @inject(ManageNotificationSettings) private readonly settings: ManageNotificationSettings,
  ) {}

  /** What the link is for, without changing anything (the confirmation page). */
  check(token: string): UnsubscribeResult {
    const verified = this.tokens.verify(token);
    return verified ? { ok: true, scope: verified.scope } : { ok: false };
  }

  async apply(token: string, widen: boolean): Promise<UnsubscribeResult> {
    const verified = this.tokens.verify(token);
    if (!verified) return { ok: false };
    const scope: UnsubscribeScope = widen ? 'all' : verified.scope;
    const off: NotificationSetting[] = scope === 'all' ? [...NOTIFICATION_SETTINGS] : [scope];
    await this.settings.update(verified.userId, Object.fromEntries(off.map((setting) => [setting, false])));
    return { ok: true, scope };
  }
}
