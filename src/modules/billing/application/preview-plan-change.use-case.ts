import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { prorationMoment, upgradeTokens, type PlanChangeDirection } from '../domain/plan-change.js';
import type { PlanType } from '../domain/price.js';
import { callGateway } from './call-gateway.js';
import { PlanChangeRules } from './plan-change-rules.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';

export interface PlanChangePreviewView {
  fromPlan: PlanType | null;
  toPlan: PlanType;
  direction: PlanChangeDirection;
  fromTokens: number;
  toTokens: number;
  /** Added to this period's bucket once the upgrade is paid; 0 for a downgrade. */
  tokensAddedNow: number;
  amountDueNowCents: number;
  /** When the new plan's monthly tokens apply: now (upgrade) or at the next renewal (downgrade). */
  tokensFrom: Date | null;
  nextRenewalAt: Date | null;
  nextRenewalCents: number;
  /** The moment the amount was prorated at; the change sends it back to be charged the same. */
  prorationDate: Date;
}

/** What changing to the other plan would do and cost, before the user confirms. Changes nothing. */
@injectable()
export class PreviewPlanChange {
  constructor(
    @inject(PlanChangeRules) private readonly rules: PlanChangeRules,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, planType: PlanType): Promise<PlanChangePreviewView> {
    const { subscription, from, to, direction } = await this.rules.check(userId, planType);
    const prorationDate = prorationMoment(null, this.clock.now(), null);
    const quote = await callGateway(() => this.gateway.previewPlanChange({ current: subscription, price: to, direction, prorationDate }));
    const upgrade = direction === 'upgrade';
    return {
      fromPlan: from.planType,
      toPlan: to.priceType,
      direction,
      fromTokens: from.tokens,
      toTokens: to.tokens,
      tokensAddedNow: upgrade ? upgradeTokens(from.tokens, to.tokens) : 0,
      amountDueNowCents: quote.amountDueNowCents,
      tokensFrom: upgrade ? prorationDate : subscription.currentPeriodEnd,
      nextRenewalAt: subscription.currentPeriodEnd,
      nextRenewalCents: to.unitAmountCents,
      prorationDate,
    };
  }
}
