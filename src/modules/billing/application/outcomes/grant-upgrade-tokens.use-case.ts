import { inject, injectable } from 'tsyringe';
import { GrantPlanUpgrade } from '../../../token-ledger/index.js';
import { upgradeTokens } from '../../domain/plan-change.js';
import { PLAN_NAMES, type PlanType } from '../../domain/price.js';

export interface PaidUpgrade {
  userId: string;
  /** The upgrade invoice's id: the same payment never grants twice (ChangePlan and the webhook share it). */
  invoiceId: string;
  fromTokens: number;
  toPlan: PlanType;
  toTokens: number;
  /** End of the period the upgrade was paid for. */
  periodEnd: Date;
  amountPaidCents: number;
}

/**
 * An upgrade was paid: this period's bucket gets the difference between the plans' tokens. Driven by
 * ChangePlan when the provider answers with the paid invoice, and by the invoice's event otherwise.
 */
@injectable()
export class GrantUpgradeTokens {
  constructor(@inject(GrantPlanUpgrade) private readonly grant: GrantPlanUpgrade) {}

  async execute(input: PaidUpgrade): Promise<{ granted: number }> {
    const added = upgradeTokens(input.fromTokens, input.toTokens);
    const result = await this.grant.execute({
      userId: input.userId,
      sourceKey: input.invoiceId,
      addedTokens: added,
      planTokens: input.toTokens,
      periodEnd: input.periodEnd,
      description: `${PLAN_NAMES[input.toPlan]} plan: upgrade tokens`,
      payedUsdCents: input.amountPaidCents,
    });
    return { granted: result.applied ? added : 0 };
  }
}
