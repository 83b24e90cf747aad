import { randomToken } from '../../../shared/ids.js';
import type { CheckoutRequest, OpenedCheckout, PaymentGateway } from '../application/ports/payment-gateway.port.js';
import type { Card } from '../domain/card.js';
import type { Customer } from '../domain/customer.js';
import type { Price } from '../domain/price.js';
import type { Subscription, SubscriptionSnapshot } from '../domain/subscription.js';

export interface LocalPrices {
  basicCents: number;
  basicTokens: number;
  proCents: number;
  proTokens: number;
  tokenCents: number;
}

/** The card every local checkout "saves": Stripe's well-known test Visa. */
export const LOCAL_CARD_ID = 'pm_local_visa_4242';
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The embedded payment provider (BILLING=local): prices from config, checkouts on the app's own
 * test-mode page (/local-checkout/<id>). It keeps no state of its own: its sessions are the app's
 * checkout records and its subscriptions the app's subscription rows, which is why cancelling simply
 * answers the changed subscription and re-reading one answers nothing new.
 */
export class LocalPaymentGateway implements PaymentGateway {
  readonly provider = 'local' as const;

  constructor(
    private readonly options: { publicUrl: string; prices: LocalPrices; now?: () => Date },
  ) {}

  prices(): Promise<Price[]> {
    const { prices } = this.options;
    return Promise.resolve([
      { priceType: 'monthlyBasic', unitAmountCents: prices.basicCents, tokens: prices.basicTokens, providerPriceId: 'monthlyBasic' },
      { priceType: 'monthlyPro', unitAmountCents: prices.proCents, tokens: prices.proTokens, providerPriceId: 'monthlyPro' },
      { priceType: 'singleToken', unitAmountCents: prices.tokenCents, tokens: 1, providerPriceId: 'singleToken' },
    ]);
  }

  createCustomer(): Promise<string> {
    return Promise.resolve(`cus_local_${randomToken(12)}`);
  }

  updateCustomerEmail(): Promise<void> {
    return Promise.resolve();
  }

  createCheckout(_request: CheckoutRequest): Promise<OpenedCheckout> {
    // Unguessable: the page needs no sign-in, so its address is the capability (as Stripe's are).
    const sessionId = `cs_local_${randomToken(24)}`;
    const now = this.options.now?.() ?? new Date();
    return Promise.resolve({
      sessionId,
      url: `${this.options.publicUrl}/local-checkout/${sessionId}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
    });
  }

  retrieveSubscription(): Promise<SubscriptionSnapshot | null> {
    return Promise.resolve(null);
  }

  setCancelAtPeriodEnd(current: Subscription, cancel: boolean): Promise<SubscriptionSnapshot> {
    return Promise.resolve({ ...current, cancelAtPeriodEnd: cancel });
  }

  useCardFromSetup(): Promise<string> {
    return Promise.resolve(LOCAL_CARD_ID);
  }

  listCards(customer: Customer): Promise<Card[]> {
    if (customer.defaultPaymentMethod !== LOCAL_CARD_ID) return Promise.resolve([]);
    const year = (this.options.now?.() ?? new Date()).getUTCFullYear() + 3;
    return Promise.resolve([{ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: year }]);
  }
}
