import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { ALREADY_SUBSCRIBED_MESSAGE, BillingErrors } from '../billing.errors.js';
import { PLAN_NAMES, type PlanType } from '../domain/price.js';
import { isActive, isCanceling } from '../domain/subscription.js';
import { CheckoutStart, type StartCheckoutInput } from './checkout-start.js';
import { SubscriptionNow } from './subscription-now.js';

export type { StartCheckoutInput } from './checkout-start.js';

/** Plan selection → the provider's checkout for a monthly subscription. One subscription at a time. */
@injectable()
export class StartSubscriptionCheckout {
  constructor(
    @inject(SubscriptionNow) private readonly subscriptions: SubscriptionNow,
    @inject(CheckoutStart) private readonly start: CheckoutStart,
  ) {}

  async execute(input: StartCheckoutInput & { planType: PlanType }): Promise<{ sessionId: string; url: string }> {
    // Canceling still counts: the period is paid; reactivating is the way back, not a second plan.
    // The other plan is a plan change (ChangePlan), never a second subscription.
    const { subscription: current, now } = await this.subscriptions.of(input.userId);
    if (current && isActive(current, now)) {
      if (current.planType === null || current.planType === input.planType || isCanceling(current, now)) {
        throw new AppError(BillingErrors.ALREADY_SUBSCRIBED, ALREADY_SUBSCRIBED_MESSAGE);
      }
      throw new AppError(
        BillingErrors.PLAN_CHANGE_REQUIRED,
        `You are subscribed to the ${PLAN_NAMES[current.planType]} plan. Change your plan to switch to ${PLAN_NAMES[input.planType]}.`,
      );
    }
    const { userId, email, nonce } = input;
    return this.start.open({ userId, email, nonce }, { mode: 'subscription', priceType: input.planType, quantity: () => 1, cancel: 'subscription' });
  }
}
