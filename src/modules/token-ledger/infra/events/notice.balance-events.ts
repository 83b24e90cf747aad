import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { BalanceEvents } from '../../application/ports/balance-events.port.js';
import { TOKENS_ADDED_SIGNAL } from './tokens-added.signal.js';

/**
 * Balance changes as user notices (`balance`), carried to every http process by the notification bus;
 * a credit also as a signal to every process (TOKENS_ADDED_SIGNAL), which the workers wake held mail on.
 */
export class NoticeBalanceEvents implements BalanceEvents {
  constructor(private readonly bus: Pick<NotificationBus, 'publish' | 'signal'>) {}

  balanceChanged(userId: string): Promise<void> {
    return this.bus.publish({ userId, event: 'balance', data: {} });
  }

  async tokensAdded(userId: string): Promise<void> {
    await Promise.all([this.bus.signal(TOKENS_ADDED_SIGNAL, userId), this.balanceChanged(userId)]);
  }
}
