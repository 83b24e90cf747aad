import { inject, injectable } from 'tsyringe';
import type { CheckoutMode } from '../domain/checkout-session.js';
import type { Price, PriceType } from '../domain/price.js';
import { BILLING_SETTINGS, type BillingSettings } from './billing-settings.js';
import { CheckoutOpener } from './checkout-opener.js';
import { checkoutUrls } from './checkout-urls.js';
import { GetPrices } from './get-prices.use-case.js';

export interface StartCheckoutInput {
  userId: string;
  email: string;
  nonce: string;
}

/** What a checkout sells: the price it is for, how many units of it, and where a cancel returns to. */
export interface CheckoutOffer {
  mode: CheckoutMode;
  priceType: PriceType;
  quantity: (price: Price) => number;
  cancel: 'subscription' | 'tokens';
}

/** What every checkout start ends with: the checkout opens at the current price with the web app's return pages. */
@injectable()
export class CheckoutStart {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(GetPrices) private readonly prices: GetPrices,
    @inject(CheckoutOpener) private readonly opener: CheckoutOpener,
  ) {}

  async open(input: StartCheckoutInput, offer: CheckoutOffer): Promise<{ sessionId: string; url: string }> {
    const price = await this.prices.one(offer.priceType);
    const urls = checkoutUrls(this.settings.publicUrl);
    const cancelUrl = offer.cancel === 'subscription' ? urls.cancelSubscription : urls.cancelTokens;
    return this.opener.open({ ...input, mode: offer.mode, price, quantity: offer.quantity(price), successUrl: urls.success, cancelUrl });
  }
}
