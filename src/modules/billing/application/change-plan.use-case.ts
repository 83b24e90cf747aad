import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { BillingErrors } from '../billing.errors.js';
import { prorationMoment, type PlanChangeDirection } from '../domain/plan-change.js';
import type { PlanType } from '../domain/price.js';
import { callGateway } from './call-gateway.js';
import { idempotencyKey } from './idempotency-key.js';
import { PurchaseOutcomes } from './outcomes/purchase-outcomes.js';
import { PlanChangeRules } from './plan-change-rules.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';

export interface PlanChangeDone {
  direction: PlanChangeDirection;
  toPlan: PlanType;
  amountChargedCents: number;
  /** Tokens this request added (0 when the provider's event brings them, or for a downgrade). */
  tokensAdded: number;
}

export const PLAN_CHANGE_PAYMENT_FAILED_MESSAGE =
  'The payment for the upgrade did not go through, so your plan is unchanged. Update your card in Settings and try again.';

/**
 * Changes the plan at the provider and stores its answer at once (the refetched status shows it before
 * any event). A paid upgrade's tokens are granted here when the provider answers with the paid invoice;
 * its `invoice.paid` event grants the same invoice, which the ledger then ignores.
 */
@injectable()
export class ChangePlan {
  constructor(
    @inject(PlanChangeRules) private readonly rules: PlanChangeRules,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(PurchaseOutcomes) private readonly outcomes: PurchaseOutcomes,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; planType: PlanType; prorationDate?: Date | null }): Promise<PlanChangeDone> {
    const { subscription, from, to, direction } = await this.rules.check(input.userId, input.planType);
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
    const prorationDate = prorationMoment(input.prorationDate ?? null, this.clock.now(), start && end ? { start, end } : null);
    // The stored version: a double click repeats the key (one change), the next change after it is new.
    const key = idempotencyKey({
      intent: 'plan',
      userId: input.userId,
      params: { subscriptionId: subscription.subscriptionId, price: to.providerPriceId, at: prorationDate.getTime() },
      nonce: String(subscription.updatedAt.getTime()),
    });
    const outcome = await callGateway(() => this.gateway.changePlan({ current: subscription, price: to, direction, prorationDate, idempotencyKey: key }));
    if (!outcome.applied) throw new AppError(BillingErrors.PLAN_CHANGE_PAYMENT_FAILED, PLAN_CHANGE_PAYMENT_FAILED_MESSAGE);
    await this.outcomes.recordSubscription.execute(input.userId, outcome.snapshot);
    let tokensAdded = 0;
    if (direction === 'upgrade' && outcome.charge) {
      const granted = await this.outcomes.grantUpgrade.execute({
        userId: input.userId,
        invoiceId: outcome.charge.invoiceId,
        fromTokens: from.tokens,
        toPlan: to.priceType,
        toTokens: to.tokens,
        periodEnd: end ?? outcome.snapshot.currentPeriodEnd ?? prorationDate,
        amountPaidCents: outcome.charge.amountPaidCents,
      });
      tokensAdded = granted.granted;
    }
    return { direction, toPlan: to.priceType, amountChargedCents: outcome.charge?.amountPaidCents ?? 0, tokensAdded };
  }
}
