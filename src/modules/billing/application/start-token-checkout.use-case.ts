import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { BillingErrors } from '../billing.errors.js';
import { unitsFor } from '../domain/price.js';
import { isActive } from '../domain/subscription.js';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { CheckoutOpener } from './checkout-opener.js';
import { checkoutUrls } from './checkout-urls.js';
import { CurrentSubscription } from './current-subscription.js';
import { GetPrices } from './get-prices.use-case.js';
import type { StartCheckoutInput } from './start-subscription-checkout.use-case.js';

export const MAX_TOKEN_PURCHASE = 1_000_000;

/** Extra tokens, bought on top of a running subscription (spec §1: "during a subscription"). */
@injectable()
export class StartTokenCheckout {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(GetPrices) private readonly prices: GetPrices,
    @inject(CheckoutOpener) private readonly opener: CheckoutOpener,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(input: StartCheckoutInput & { tokenAmount: number }): Promise<{ sessionId: string; url: string }> {
    ensureBillingOn(this.settings);
    if (!Number.isInteger(input.tokenAmount) || input.tokenAmount < 1 || input.tokenAmount > MAX_TOKEN_PURCHASE) {
      throw new RangeError(`tokenAmount must be a whole number from 1 to ${MAX_TOKEN_PURCHASE}`);
    }
    if (!isActive(await this.current.of(input.userId), this.clock.now())) {
      throw new AppError(BillingErrors.SUBSCRIPTION_REQUIRED, 'Extra tokens can be bought during an active subscription. Choose a plan first.');
    }
    const price = await this.prices.one('singleToken');
    const urls = checkoutUrls(this.settings.publicUrl);
    return this.opener.open({ ...input, mode: 'payment', price, quantity: unitsFor(input.tokenAmount, price), successUrl: urls.success, cancelUrl: urls.cancelTokens });
  }
}
