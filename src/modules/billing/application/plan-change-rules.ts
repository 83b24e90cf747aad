import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { BillingErrors } from '../billing.errors.js';
import { planChangeDirection, type PlanChangeDirection } from '../domain/plan-change.js';
import { PLAN_NAMES, type PlanType, type Price } from '../domain/price.js';
import { isCanceling, type Subscription } from '../domain/subscription.js';
import { GetPrices } from './get-prices.use-case.js';
import { longDate, SubscriptionNow } from './subscription-now.js';

export interface PlanChangeContext {
  subscription: Subscription;
  /** What the subscription pays and gives now (its own price, which may be older than the list's). */
  from: { planType: PlanType | null; tokens: number; unitAmountCents: number };
  to: Price & { priceType: PlanType };
  direction: PlanChangeDirection;
}

/**
 * Who may change plan, to what: an active subscription not set to end, to the plan it is not on.
 * Buying the same plan again stays a 409 (docs/product.md § Plans, prices and tokens); a canceling subscription is reactivated first, so
 * a change never silently undoes the user's cancellation.
 */
@injectable()
export class PlanChangeRules {
  constructor(
    @inject(SubscriptionNow) private readonly subscriptions: SubscriptionNow,
    @inject(GetPrices) private readonly prices: GetPrices,
  ) {}

  async check(userId: string, planType: PlanType): Promise<PlanChangeContext> {
    const { subscription, now } = await this.subscriptions.active(userId, 'There is no active subscription to change. Choose a plan to subscribe instead.');
    if (subscription.planType === planType) {
      throw new AppError(BillingErrors.ALREADY_SUBSCRIBED, `You are already on the ${PLAN_NAMES[planType]} plan.`);
    }
    if (isCanceling(subscription, now)) {
      throw new AppError(
        BillingErrors.PLAN_CHANGE_CANCELING,
        `Your subscription is set to end on ${longDate(subscription.currentPeriodEnd)}. Reactivate it first, then change the plan.`,
      );
    }
    const list = await this.prices.list();
    const to = await this.prices.one(planType);
    const listed = list.find((price) => price.priceType === subscription.planType);
    const from = {
      planType: subscription.planType,
      tokens: subscription.planTokens ?? listed?.tokens ?? 0,
      unitAmountCents: subscription.monthlyPriceCents ?? listed?.unitAmountCents ?? 0,
    };
    return { subscription, from, to: { ...to, priceType: planType }, direction: planChangeDirection(from, to) };
  }
}
