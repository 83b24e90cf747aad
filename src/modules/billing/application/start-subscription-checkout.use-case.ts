import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { ALREADY_SUBSCRIBED_MESSAGE, BillingErrors } from '../billing.errors.js';
import { PLAN_NAMES, type PlanType } from '../domain/price.js';
import { isActive, isCanceling } from '../domain/subscription.js';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { CheckoutOpener } from './checkout-opener.js';
import { checkoutUrls } from './checkout-urls.js';
import { CurrentSubscription } from './current-subscription.js';
import { GetPrices } from './get-prices.use-case.js';

export interface StartCheckoutInput {
  userId: string;
  email: string;
  nonce: string;
}

/** Plan selection → the provider's checkout for a monthly subscription. One subscription at a time. */
@injectable()
export class StartSubscriptionCheckout {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(GetPrices) private readonly prices: GetPrices,
    @inject(CheckoutOpener) private readonly opener: CheckoutOpener,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: StartCheckoutInput & { planType: PlanType }): Promise<{ sessionId: string; url: string }> {
    ensureBillingOn(this.settings);
    // Canceling still counts: the period is paid; reactivating is the way back, not a second plan.
    // The other plan is a plan change (ChangePlan), never a second subscription.
    const current = await this.current.of(input.userId);
    const now = this.clock.now();
    if (current && isActive(current, now)) {
      if (current.planType === null || current.planType === input.planType || isCanceling(current, now)) {
        throw new AppError(BillingErrors.ALREADY_SUBSCRIBED, ALREADY_SUBSCRIBED_MESSAGE);
      }
      throw new AppError(
        BillingErrors.PLAN_CHANGE_REQUIRED,
        `You are subscribed to the ${PLAN_NAMES[current.planType]} plan. Change your plan to switch to ${PLAN_NAMES[input.planType]}.`,
      );
    }
    const price = await this.prices.one(input.planType);
    const urls = checkoutUrls(this.settings.publicUrl);
    return this.opener.open({ ...input, mode: 'subscription', price, quantity: 1, successUrl: urls.success, cancelUrl: urls.cancelSubscription });
  }
}
