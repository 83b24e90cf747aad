import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { BillingErrors } from '../billing.errors.js';
import { planChangeDirection, type PlanChangeDirection } from '../domain/plan-change.js';
import { PLAN_NAMES, type PlanType, type Price } from '../domain/price.js';
import { isActive, isCanceling, type Subscription } from '../domain/subscription.js';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { CurrentSubscription } from './current-subscription.js';
import { GetPrices } from './get-prices.use-case.js';

export interface PlanChangeContext {
  subscription: Subscription;
  /** What the subscription pays and gives now (its own price, which may be older than the list's). */
  from: { planType: PlanType | null; tokens: number; unitAmountCents: number };
  to: Price & { priceType: PlanType };
  direction: PlanChangeDirection;
}

export const longDate = (date: Date | null) =>
  date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : 'the end of the period';

/**
 * Who may change plan, to what: an active subscription not set to end, to the plan it is not on.
 * Buying the same plan again stays the spec's 409; a canceling subscription is reactivated first, so
 * a change never silently undoes the user's cancellation.
 */
@injectable()
export class PlanChangeRules {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(GetPrices) private readonly prices: GetPrices,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(userId: string, planType: PlanType): Promise<PlanChangeContext> {
    ensureBillingOn(this.settings);
    const subscription = await this.current.of(userId);
    const now = this.clock.now();
    if (!subscription || !isActive(subscription, now)) {
      throw new AppError(BillingErrors.NOT_ACTIVE, 'There is no active subscription to change. Choose a plan to subscribe instead.');
    }
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
