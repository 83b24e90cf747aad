import { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { validate } from '../../../platform/http/validate.js';
import { AppError } from '../../../shared/app-error.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { Authenticate, requireAuth, type AuthState } from '../../identity/index.js';
import { GetPrices } from '../application/get-prices.use-case.js';
import { PaymentMethods } from '../application/payment-methods.use-case.js';
import { StartSubscriptionCheckout } from '../application/start-subscription-checkout.use-case.js';
import { StartTokenCheckout } from '../application/start-token-checkout.use-case.js';
import { BillingErrors } from '../domain/billing.errors.js';
import { presentCheckout, presentPrice } from './billing.presenter.js';
import { emailBody, priceTypeParam, subscriptionCheckoutBody, tokenCheckoutBody } from './billing.schemas.js';
import { requester } from './subscription.routes.js';

/**
 * /api/stripe/*: the spec's `{payment-provider}` calls. The path says stripe whatever the gateway, so
 * the web app is the same with the local checkout.
 */
export function stripeRoutes(c: DependencyContainer): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/stripe' });
  const auth = requireAuth(c.resolve(Authenticate));
  const clock = c.resolve<Clock>(CLOCK);

  // Public: the landing page shows prices before anyone signs in.
  router.get('/prices', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = (await c.resolve(GetPrices).list()).map(presentPrice);
  });

  router.get('/price/:type', async (ctx) => {
    // An unknown type names no price: 404, like a missing one.
    const parsed = priceTypeParam.safeParse(ctx.params);
    if (!parsed.success) throw new AppError(BillingErrors.PRICE_NOT_FOUND, 'There is no such price type: use monthlyBasic, monthlyPro or singleToken.');
    const { type } = parsed.data;
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = presentPrice(await c.resolve(GetPrices).one(type));
  });

  router.put('/email', auth, async (ctx) => {
    const { email } = validate(emailBody, ctx.request.body);
    await c.resolve(PaymentMethods).setEmail({ ...requester(ctx, clock), email });
    ctx.body = { ok: true };
  });

  // The spec spells it "subscritpion"; the correct spelling is accepted too.
  router.post(['/create-checkout-session-subscritpion', '/create-checkout-session-subscription'], auth, async (ctx) => {
    const { priceType } = validate(subscriptionCheckoutBody, ctx.request.body);
    ctx.body = presentCheckout(await c.resolve(StartSubscriptionCheckout).execute({ ...requester(ctx, clock), planType: priceType }));
  });

  router.post('/create-custom-token-checkout', auth, async (ctx) => {
    const { tokenAmount } = validate(tokenCheckoutBody, ctx.request.body);
    ctx.body = presentCheckout(await c.resolve(StartTokenCheckout).execute({ ...requester(ctx, clock), tokenAmount }));
  });

  return router;
}
