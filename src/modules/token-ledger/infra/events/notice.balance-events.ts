import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { BalanceEvents } from '../../application/ports/balance-events.port.js';

/** Balance changes as user notices (`balance`), carried to every http process by the notification bus. */
export class NoticeBalanceEvents implements BalanceEvents {
  constructor(private readonly bus: NotificationBus) {}

  balanceChanged(userId: string): Promise<void> {
    return this.bus.publish({ userId, event: 'balance', data: {} });
  }
}
