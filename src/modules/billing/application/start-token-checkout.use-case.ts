import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { BillingErrors } from '../billing.errors.js';
import { unitsFor } from '../domain/price.js';
import { isActive } from '../domain/subscription.js';
import { CheckoutStart, type StartCheckoutInput } from './checkout-start.js';
import { SubscriptionNow } from './subscription-now.js';

export const MAX_TOKEN_PURCHASE = 1_000_000;

/** Extra tokens, bought on top of a running subscription (docs/api.md § Prices, checkouts and the billing email). */
@injectable()
export class StartTokenCheckout {
  constructor(
    @inject(SubscriptionNow) private readonly subscriptions: SubscriptionNow,
    @inject(CheckoutStart) private readonly start: CheckoutStart,
  ) {}

  async execute(input: StartCheckoutInput & { tokenAmount: number }): Promise<{ sessionId: string; url: string }> {
    const { subscription, now } = await this.subscriptions.of(input.userId);
    if (!Number.isInteger(input.tokenAmount) || input.tokenAmount < 1 || input.tokenAmount > MAX_TOKEN_PURCHASE) {
      throw new RangeError(`tokenAmount must be a whole number from 1 to ${MAX_TOKEN_PURCHASE}`);
    }
    if (!isActive(subscription, now)) {
      throw new AppError(BillingErrors.SUBSCRIPTION_REQUIRED, 'Extra tokens can be bought during an active subscription. Choose a plan first.');
    }
    const { userId, email, nonce } = input;
    return this.start.open({ userId, email, nonce }, { mode: 'payment', priceType: 'singleToken', quantity: (price) => unitsFor(input.tokenAmount, price), cancel: 'tokens' });
  }
}
