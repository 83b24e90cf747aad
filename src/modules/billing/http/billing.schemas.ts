import { z } from 'zod';
import type { BillingEmailRequest, SubscriptionCheckoutRequest, TokenCheckoutRequest } from '../../../contract/billing.js';
import type { PlanChangeRequest } from '../../../contract/subscription.js';
import { MAX_TOKEN_PURCHASE } from '../application/start-token-checkout.use-case.js';
import { PLAN_TYPES, PRICE_TYPES } from '../domain/price.js';

// Each body parses to its contract request (src/contract).
export const subscriptionCheckoutBody = z.object({
  priceType: z.enum(PLAN_TYPES, { error: 'must be monthlyBasic or monthlyPro' }),
}) satisfies z.ZodType<SubscriptionCheckoutRequest>;

export const tokenCheckoutBody = z.object({
  tokenAmount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of tokens')
    .min(1, 'must be at least 1')
    .max(MAX_TOKEN_PURCHASE, `must be at most ${MAX_TOKEN_PURCHASE.toLocaleString('en-US')}`),
}) satisfies z.ZodType<TokenCheckoutRequest>;

export const emailBody = z.object({
  email: z.string().trim().max(254).pipe(z.email('must be an email address')),
}) satisfies z.ZodType<BillingEmailRequest>;

export const priceTypeParam = z.object({ type: z.enum(PRICE_TYPES) });

const planType = z.enum(PLAN_TYPES, { error: 'must be monthlyBasic or monthlyPro' });

export const planChangeQuery = z.object({ planType });

export const planChangeBody = z.object({
  planType,
  prorationDate: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
}) satisfies z.ZodType<PlanChangeRequest>;

/** A checkout id as the providers make them (`cs_…`, Stripe's and the local checkout's). */
export const checkoutParams = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,255}$/) });
