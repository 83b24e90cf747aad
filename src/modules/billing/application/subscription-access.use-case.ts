import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { isActive } from '../domain/subscription.js';
import { BILLING_SETTINGS, type BillingSettings } from './billing-settings.js';
import { CurrentSubscription } from './current-subscription.js';

/**
 * The one question other modules ask billing: may this user's mail be processed? The mail pipeline
 * asks before reserving tokens. With billing off everyone may.
 */
@injectable()
export class SubscriptionAccess {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async isActive(userId: string): Promise<boolean> {
    if (this.settings.mode === 'off') return true;
    return isActive(await this.current.of(userId), this.clock.now());
  }
}
