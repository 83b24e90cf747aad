import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { BillingErrors } from '../billing.errors.js';
import { isActive, type Subscription } from '../domain/subscription.js';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { CurrentSubscription } from './current-subscription.js';

/**
 * What every billing decision starts from: billing must be on, and the user's subscription is judged at one
 * moment (active, canceling) that the rest of the decision uses too.
 */
@injectable()
export class SubscriptionNow {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The user's subscription (null: never had one) and the moment it is judged at; refuses when billing is off. */
  async of(userId: string): Promise<{ subscription: Subscription | null; now: Date }> {
    ensureBillingOn(this.settings);
    return { subscription: await this.current.of(userId), now: this.clock.now() };
  }

  /** As `of`, for a decision that needs an active subscription: `refusal` says why without one (NOT_ACTIVE). */
  async active(userId: string, refusal: string): Promise<{ subscription: Subscription; now: Date }> {
    const { subscription, now } = await this.of(userId);
    if (!subscription || !isActive(subscription, now)) throw new AppError(BillingErrors.NOT_ACTIVE, refusal);
    return { subscription, now };
  }
}

/** A period's end as the billing messages write it: "December 1, 2026". */
export const longDate = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'the end of the period';
