import { inject, injectable } from 'tsyringe';
import { GrantSubscriptionPeriod } from '../../../token-ledger/index.js';
import type { Period } from '../../domain/billing-period.js';
import { isPlanType, PLAN_NAMES, type PlanType } from '../../domain/price.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from '../ports/subscription.repository.port.js';

export interface PaidPeriod {
  userId: string;
  subscriptionId: string;
  /** The payment's own id (Stripe's invoice id): the same payment never grants twice. */
  sourceKey: string;
  period: Period;
  planType: PlanType | null;
  planTokens: number;
  payedUsdCents: number;
}

/**
 * A period was paid: the subscription bucket is reset to the plan's tokens and the period end kept.
 * The ledger ignores a payment seen before and a period older than the current one, so events may
 * arrive twice or out of order.
 */
@injectable()
export class StartPaidPeriod {
  constructor(
    @inject(GrantSubscriptionPeriod) private readonly grant: GrantSubscriptionPeriod,
    @inject(SUBSCRIPTION_REPOSITORY) private readonly subscriptions: SubscriptionRepository,
  ) {}

  async execute(input: PaidPeriod): Promise<{ granted: boolean }> {
    const plan = isPlanType(input.planType) ? `${PLAN_NAMES[input.planType]} plan` : 'Subscription';
    const result = await this.grant.execute({
      userId: input.userId,
      sourceKey: input.sourceKey,
      planTokens: input.planTokens,
      periodStart: input.period.start,
      description: `${plan}: monthly tokens`,
      payedUsdCents: input.payedUsdCents,
    });
    await this.subscriptions.advancePeriod(input.userId, input.subscriptionId, input.period);
    return { granted: result.applied };
  }
}
