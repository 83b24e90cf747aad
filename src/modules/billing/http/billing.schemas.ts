import { z } from 'zod';
import { MAX_TOKEN_PURCHASE } from '../application/start-token-checkout.use-case.js';
import { PLAN_TYPES, PRICE_TYPES } from '../domain/price.js';

export const subscriptionCheckoutBody = z.object({ priceType: z.enum(PLAN_TYPES, { error: 'must be monthlyBasic or monthlyPro' }) });

export const tokenCheckoutBody = z.object({
  tokenAmount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of tokens')
    .min(1, 'must be at least 1')
    .max(MAX_TOKEN_PURCHASE, `must be at most ${MAX_TOKEN_PURCHASE.toLocaleString('en-US')}`),
});

export const emailBody = z.object({ email: z.string().trim().max(254).pipe(z.email('must be an email address')) });

export const priceTypeParam = z.object({ type: z.enum(PRICE_TYPES) });
