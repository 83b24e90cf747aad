import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { TokenReports } from '../../token-ledger/index.js';
import { describeSubscription, type SubscriptionDescription } from '../domain/subscription.js';
import { BILLING_SETTINGS, type BillingSettings } from './billing-settings.js';
import { CustomerAccounts } from './customer-accounts.js';
import { CurrentSubscription } from './current-subscription.js';

export interface SubscriptionStatusView extends SubscriptionDescription {
  paymentEmail: string | null;
  subscriptionTokens: number;
  maxSubscriptionTokens: number;
  additionalTokens: number;
  billingDisabled: boolean;
}

/**
 * The subscription guard's and Settings' one call. Answered from the app's own records (never a call to
 * the provider): the guard asks on every protected page.
 */
@injectable()
export class GetSubscriptionStatus {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(CustomerAccounts) private readonly customers: CustomerAccounts,
    @inject(TokenReports) private readonly tokens: TokenReports,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string): Promise<SubscriptionStatusView> {
    if (this.settings.mode === 'off') {
      const balance = await this.tokens.state(userId);
      return {
        isActive: true,
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        monthlyPriceCents: null,
        planType: null,
        paymentEmail: null,
        subscriptionTokens: balance.subscriptionTokens,
        maxSubscriptionTokens: balance.maxSubscriptionTokens,
        additionalTokens: balance.additionalTokens,
        billingDisabled: true,
      };
    }
    // Read first: a local renewal on this read resets the bucket the balance then shows.
    const subscription = await this.current.of(userId);
    const [customer, balance] = await Promise.all([this.customers.find(userId), this.tokens.state(userId)]);
    return {
      ...describeSubscription(subscription, this.clock.now()),
      paymentEmail: customer?.email ?? null,
      subscriptionTokens: balance.subscriptionTokens,
      maxSubscriptionTokens: balance.maxSubscriptionTokens,
      additionalTokens: balance.additionalTokens,
      billingDisabled: false,
    };
  }
}
