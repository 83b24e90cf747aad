import { inject, injectable } from 'tsyringe';
import { BILLING_SETTINGS, ensureBillingOn, type BillingSettings } from './billing-settings.js';
import { CheckoutOpener } from './checkout-opener.js';
import { checkoutUrls } from './checkout-urls.js';
import type { StartCheckoutInput } from './start-subscription-checkout.use-case.js';

/** Settings → "change card": the provider's page saves a card, then back to /settings?cardChange=… */
@injectable()
export class StartCardSetup {
  constructor(
    @inject(BILLING_SETTINGS) private readonly settings: BillingSettings,
    @inject(CheckoutOpener) private readonly opener: CheckoutOpener,
  ) {}

  execute(input: StartCheckoutInput): Promise<{ sessionId: string; url: string }> {
    ensureBillingOn(this.settings);
    const urls = checkoutUrls(this.settings.publicUrl);
    return this.opener.open({ ...input, mode: 'setup', price: null, quantity: 0, successUrl: urls.cardChanged, cancelUrl: urls.cardChangeCancelled });
  }
}
