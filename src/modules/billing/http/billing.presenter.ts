import type { CheckoutOutcome, CheckoutResponse, Price as PriceBody } from '../../../contract/billing.js';
import type { PaymentMethod, PlanChangePreview, PlanChangeResponse, SubscriptionStatus } from '../../../contract/subscription.js';
import type { PlanChangeDone } from '../application/change-plan.use-case.js';
import type { CheckoutOutcomeView } from '../application/get-checkout-outcome.use-case.js';
import type { PlanChangePreviewView } from '../application/preview-plan-change.use-case.js';
import type { SubscriptionStatusView } from '../application/get-subscription-status.use-case.js';
import type { Card } from '../domain/card.js';
import { centsToDollars, type Price } from '../domain/price.js';

/** Whitelists what leaves the API; field names are the contract's (docs/api.md, "Subscription"), plus `billingDisabled`. */
export function presentStatus(view: SubscriptionStatusView): SubscriptionStatus {
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

export function presentPrice(price: Price): PriceBody {
  return { priceType: price.priceType, price: centsToDollars(price.unitAmountCents), tokens: price.tokens };
}

export function presentCard(card: Card): PaymentMethod {
  return { brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear };
}

export function presentCheckout(checkout: { sessionId: string; url: string }): CheckoutResponse {
  return { url: checkout.url, sessionId: checkout.sessionId };
}

export function presentPlanChangePreview(view: PlanChangePreviewView): PlanChangePreview {
  return {
    currentPlan: view.fromPlan,
    newPlan: view.toPlan,
    change: view.direction,
    currentTokensPerMonth: view.fromTokens,
    newTokensPerMonth: view.toTokens,
    tokensAddedNow: view.tokensAddedNow,
    amountDueNow: centsToDollars(view.amountDueNowCents),
    tokensFrom: view.tokensFrom?.toISOString() ?? null,
    nextRenewalAt: view.nextRenewalAt?.toISOString() ?? null,
    nextRenewalAmount: centsToDollars(view.nextRenewalCents),
    prorationDate: view.prorationDate.toISOString(),
  };
}

export function presentPlanChange(done: PlanChangeDone, status: SubscriptionStatusView): PlanChangeResponse {
  return {
    change: done.direction,
    newPlan: done.toPlan,
    amountCharged: centsToDollars(done.amountChargedCents),
    tokensAdded: done.tokensAdded,
    status: presentStatus(status),
  };
}

const CHECKOUT_KIND = { subscription: 'subscription', payment: 'tokens', setup: 'card' } as const;

export function presentCheckoutOutcome({ session, balance }: CheckoutOutcomeView): CheckoutOutcome {
  return {
    sessionId: session.id,
    kind: CHECKOUT_KIND[session.mode],
    planType: session.priceType === 'monthlyBasic' || session.priceType === 'monthlyPro' ? session.priceType : null,
    tokens: session.tokens,
    total: centsToDollars(session.totalCents),
    status: session.status,
    balance,
  };
}
