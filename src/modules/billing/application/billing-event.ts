import type { CheckoutMode } from '../domain/checkout-session.js';

/**
 * A provider event, reduced to what billing acts on. The provider adapter turns its own events (Stripe's
 * webhooks) into these; the use case never sees a provider's object.
 */
export type BillingEvent =
  | {
      kind: 'checkout-completed';
      eventId: string;
      sessionId: string;
      mode: CheckoutMode;
      customerId: string | null;
      subscriptionId: string | null;
      /** The provider's record of a card saved in setup mode. */
      setupRef: string | null;
      /** False while an asynchronous payment method has not settled yet. */
      paid: boolean;
      amountTotalCents: number | null;
    }
  | {
      /** An invoice of a subscription period was paid (first one, or a renewal). */
      kind: 'period-paid';
      eventId: string;
      invoiceId: string;
      customerId: string | null;
      subscriptionId: string;
      periodStart: Date;
      periodEnd: Date;
      priceId: string | null;
      /** Tokens written on the invoice's price, when the event carries it. */
      planTokens: number | null;
      amountPaidCents: number;
    }
  | {
      /**
       * An invoice of a plan change within a period was paid (Stripe's billing_reason
       * subscription_update): its proration lines say which price was left (credit) and which taken.
       */
      kind: 'plan-change-paid';
      eventId: string;
      invoiceId: string;
      customerId: string | null;
      subscriptionId: string;
      lines: { priceId: string | null; amountCents: number; periodEnd: Date }[];
      amountPaidCents: number;
    }
  /** Something about a subscription changed (update, deletion, failed payment): read it again. */
  | { kind: 'subscription-changed'; eventId: string; customerId: string | null; subscriptionId: string }
  | { kind: 'ignored'; eventId: string; type: string };
