import type { Card } from '../../domain/card.js';
import type { CheckoutMode } from '../../domain/checkout-session.js';
import type { Customer } from '../../domain/customer.js';
import type { PlanChangeDirection } from '../../domain/plan-change.js';
import type { Price } from '../../domain/price.js';
import type { BillingProvider, Subscription, SubscriptionSnapshot } from '../../domain/subscription.js';

export interface CheckoutRequest {
  mode: CheckoutMode;
  userId: string;
  customerId: string;
  /** The plan (subscription), the single-token price (payment); null for a card setup. */
  price: Price | null;
  quantity: number;
  /** May contain {CHECKOUT_SESSION_ID}, filled in by the provider when it redirects. */
  successUrl: string;
  cancelUrl: string;
  /** The same key answers the same checkout (see idempotency-key.ts). */
  idempotencyKey: string;
}

export interface OpenedCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
  expiresAt: Date;
}

/** Moving a subscription to the other plan (see domain/plan-change.ts). */
export interface PlanChangeRequest {
  current: Subscription;
  /** The new plan's price. */
  price: Price;
  direction: PlanChangeDirection;
  /** The moment an upgrade is prorated at; the preview's and the change's are the same one. */
  prorationDate: Date;
}

export interface PlanChangeQuote {
  /** What an upgrade charges now (prorated), in cents; 0 for a downgrade. */
  amountDueNowCents: number;
}

/** The paid invoice of an upgrade: its id keys the token grant, so it happens once. */
export interface PlanChangeCharge {
  invoiceId: string;
  amountPaidCents: number;
}

export type PlanChangeOutcome =
  | { applied: true; snapshot: SubscriptionSnapshot; charge: PlanChangeCharge | null }
  /** The upgrade's payment did not go through: the provider left the subscription as it was. */
  | { applied: false; reason: 'payment-failed' };

/**
 * The payment provider: Stripe in production, the app's own test-mode checkout locally. Every write
 * takes an idempotency key, so a retried request never charges or creates twice.
 */
export interface PaymentGateway {
  readonly provider: BillingProvider | 'off';
  /** The prices on offer; a type the provider does not have is missing from the list. */
  prices(): Promise<Price[]>;
  createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>;
  updateCustomerEmail(customerId: string, email: string, idempotencyKey: string): Promise<void>;
  createCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /**
   * The subscription as the provider has it now; null when it does not exist. Events are treated as
   * hints to re-read it, which makes their order irrelevant.
   */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd(current: Subscription, cancel: boolean, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /** Ends the subscription now, without a final invoice or proration (an account being deleted). */
  cancelNow(current: Subscription, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /**
   * Makes the card saved by a finished setup the customer's default (and the subscription's, when
   * there is one); answers the payment method's id.
   */
  useCardFromSetup(input: { customerId: string; setupRef: string; subscriptionId: string | null; idempotencyKey: string }): Promise<string>;
  /** Saved cards, the default one first. */
  listCards(customer: Customer): Promise<Card[]>;
  /** What a plan change would charge now, as the provider computes it; changes nothing. */
  previewPlanChange(request: PlanChangeRequest): Promise<PlanChangeQuote>;
  /**
   * Moves the subscription to the new price: an upgrade prorated and charged at once (applied only
   * once paid), a downgrade with no proration.
   */
  changePlan(request: PlanChangeRequest & { idempotencyKey: string }): Promise<PlanChangeOutcome>;
}

/** The provider could not be reached or asked us to try later (network, 429, 5xx). */
export class PaymentProviderUnavailableError extends Error {
  override readonly name = 'PaymentProviderUnavailableError';
}

export const PAYMENT_GATEWAY = Symbol('PaymentGateway');
