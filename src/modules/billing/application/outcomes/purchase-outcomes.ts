import { inject, injectable } from 'tsyringe';
import { CompleteCardSetup } from './complete-card-setup.use-case.js';
import { CreditTokenPurchase } from './credit-token-purchase.use-case.js';
import { GrantUpgradeTokens } from './grant-upgrade-tokens.use-case.js';
import { RecordSubscription } from './record-subscription.use-case.js';
import { StartPaidPeriod } from './start-paid-period.use-case.js';

/**
 * The use cases that complete a purchase, whichever provider confirms it: Stripe's events
 * (ApplyBillingEvent) and the local checkout page (LocalCheckout) drive the same four; ChangePlan and the upgrade invoice's event share the upgrade grant.
 */
@injectable()
export class PurchaseOutcomes {
  constructor(
    @inject(RecordSubscription) readonly recordSubscription: RecordSubscription,
    @inject(StartPaidPeriod) readonly startPaidPeriod: StartPaidPeriod,
    @inject(CreditTokenPurchase) readonly creditTokens: CreditTokenPurchase,
    @inject(CompleteCardSetup) readonly completeCardSetup: CompleteCardSetup,
    @inject(GrantUpgradeTokens) readonly grantUpgrade: GrantUpgradeTokens,
  ) {}
}
