import type { Card } from '../../domain/card.js';
import type { CheckoutMode } from '../../domain/checkout-session.js';
import type { Customer } from '../../domain/customer.js';
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
  /**
   * Makes the card saved by a finished setup the customer's default (and the subscription's, when
   * there is one); answers the payment method's id.
   */
  useCardFromSetup(input: { customerId: string; setupRef: string; subscriptionId: string | null; idempotencyKey: string }): Promise<string>;
  /** Saved cards, the default one first. */
  listCards(customer: Customer): Promise<Card[]>;
}

/** The provider could not be reached or asked us to try later (network, 429, 5xx). */
export class PaymentProviderUnavailableError extends Error {
  override readonly name = 'PaymentProviderUnavailableError';
}

export const PAYMENT_GATEWAY = Symbol('PaymentGateway');
