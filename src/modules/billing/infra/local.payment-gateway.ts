import { createHash } from 'node:crypto';
import { randomToken } from '../../../shared/ids.js';
import type {
  CheckoutRequest,
  OpenedCheckout,
  PaymentGateway,
  PlanChangeOutcome,
  PlanChangeQuote,
  PlanChangeRequest,
} from '../application/ports/payment-gateway.port.js';
import type { Card } from '../domain/card.js';
import type { Customer } from '../domain/customer.js';
import { proratedUpgradeCents } from '../domain/plan-change.js';
import { isPlanType, type Price } from '../domain/price.js';
import type { Subscription, SubscriptionSnapshot } from '../domain/subscription.js';
import { DAY_MS } from '../../../shared/clock.js';

export interface LocalPrices {
  basicCents: number;
  basicTokens: number;
  proCents: number;
  proTokens: number;
  tokenCents: number;
}

/** The card every local checkout "saves": Stripe's well-known test Visa. */
export const LOCAL_CARD_ID = 'pm_local_visa_4242';
const CHECKOUT_LIFETIME_MS = DAY_MS;

/**
 * The embedded payment provider (BILLING=local): prices from config, checkouts on the app's own
 * test-mode page (/local-checkout/<id>). It keeps no state of its own: its sessions are the app's
 * checkout records and its subscriptions the app's subscription rows, which is why cancelling simply
 * answers the changed subscription and re-reading one answers nothing new. A plan change is applied
 * at once, as Stripe charges a saved card without a payment page: an upgrade is "paid" in test mode
 * (nothing is charged) with an invoice id derived from the request's idempotency key, so a repeated
 * request grants its tokens once.
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

  cancelNow(current: Subscription): Promise<SubscriptionSnapshot> {
    return Promise.resolve({ ...current, status: 'canceled', cancelAtPeriodEnd: false });
  }

  useCardFromSetup(): Promise<string> {
    return Promise.resolve(LOCAL_CARD_ID);
  }

  listCards(customer: Customer): Promise<Card[]> {
    if (customer.defaultPaymentMethod !== LOCAL_CARD_ID) return Promise.resolve([]);
    const year = (this.options.now?.() ?? new Date()).getUTCFullYear() + 3;
    return Promise.resolve([{ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: year }]);
  }

  previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote> {
    return Promise.resolve({ amountDueNowCents: upgradeCharge(request) });
  }

  changePlan(request: PlanChangeRequest & { idempotencyKey: string }): Promise<PlanChangeOutcome> {
    const { current, price } = request;
    const snapshot: SubscriptionSnapshot = {
      ...current,
      planType: isPlanType(price.priceType) ? price.priceType : current.planType,
      planTokens: price.tokens,
      planPriceId: price.providerPriceId,
      monthlyPriceCents: price.unitAmountCents,
    };
    const charge =
      request.direction === 'upgrade'
        ? { invoiceId: `in_local_${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 24)}`, amountPaidCents: upgradeCharge(request) }
        : null;
    return Promise.resolve({ applied: true, snapshot, charge });
  }
}

/** Stripe's proration over the stored period; a subscription without one pays the price difference. */
function upgradeCharge(request: PlanChangeRequest): number {
  if (request.direction !== 'upgrade') return 0;
  const from = request.current.monthlyPriceCents ?? 0;
  const { currentPeriodStart: start, currentPeriodEnd: end } = request.current;
  if (!start || !end) return Math.max(0, Math.round(request.price.unitAmountCents - from));
  return proratedUpgradeCents(from, request.price.unitAmountCents, { start, end }, request.prorationDate);
}
