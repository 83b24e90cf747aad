import type { SubscriptionStatusView } from '../application/get-subscription-status.use-case.js';
import type { Card } from '../domain/card.js';
import { centsToDollars, type Price } from '../domain/price.js';

/** Whitelists what leaves the API; field names are the spec's (§3), plus `billingDisabled`. */
export function presentStatus(view: SubscriptionStatusView) {
  return {
    isActive: view.isActive,
    subscriptionStatus: view.subscriptionStatus,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    currentPeriodEnd: view.currentPeriodEnd?.toISOString() ?? null,
    monthlyPrice: view.monthlyPriceCents === null ? null : centsToDollars(view.monthlyPriceCents),
    paymentEmail: view.paymentEmail,
    subscriptionTokens: view.subscriptionTokens,
    maxSubscriptionTokens: view.maxSubscriptionTokens,
    additionalTokens: view.additionalTokens,
    planType: view.planType,
    billingDisabled: view.billingDisabled,
  };
}

export function presentPrice(price: Price) {
  return { priceType: price.priceType, price: centsToDollars(price.unitAmountCents), tokens: price.tokens };
}

export function presentCard(card: Card) {
  return { brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear };
}

export function presentCheckout(checkout: { sessionId: string; url: string }) {
  return { url: checkout.url, sessionId: checkout.sessionId };
}
