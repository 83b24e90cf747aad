import type { PriceType } from './price.js';
import type { BillingProvider } from './subscription.js';

export type CheckoutMode = 'subscription' | 'payment' | 'setup';
export type CheckoutStatus = 'open' | 'completed' | 'cancelled';

/** A checkout the app opened, kept so that its completion credits exactly what was offered. */
export interface CheckoutSession {
  id: string;
  userId: string;
  provider: BillingProvider;
  mode: CheckoutMode;
  priceType: PriceType | null;
  quantity: number;
  /** Tokens the purchase grants (a plan's monthly tokens, or the bought tokens); 0 for a card setup. */
  tokens: number;
  unitAmountCents: number;
  totalCents: number;
  url: string;
  successUrl: string;
  cancelUrl: string;
  status: CheckoutStatus;
  idempotencyKey: string | null;
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
}

/** Providers put the placeholder in the success URL and fill it in when redirecting (Stripe does). */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const isExpired = (session: Pick<CheckoutSession, 'expiresAt'>, now: Date) => session.expiresAt <= now;

/** Can be handed out again for the same request instead of opening a second checkout. */
export const isReusable = (session: CheckoutSession, now: Date) => session.status === 'open' && !isExpired(session, now);
