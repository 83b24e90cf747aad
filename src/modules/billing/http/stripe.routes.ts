import { Router } from '@koa/router';
import { validate } from '../../../platform/http/validate.js';
import { AppError } from '../../../shared/app-error.js';
import type { Clock } from '../../../shared/clock.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { GetCheckoutOutcome } from '../application/get-checkout-outcome.use-case.js';
import type { GetPrices } from '../application/get-prices.use-case.js';
import type { PaymentMethods } from '../application/payment-methods.use-case.js';
import type { StartSubscriptionCheckout } from '../application/start-subscription-checkout.use-case.js';
import type { StartTokenCheckout } from '../application/start-token-checkout.use-case.js';
import { BillingErrors } from '../billing.errors.js';
import { presentCheckout, presentCheckoutOutcome, presentPrice } from './billing.presenter.js';
import { checkoutParams, emailBody, priceTypeParam, subscriptionCheckoutBody, tokenCheckoutBody } from './billing.schemas.js';
import { requester } from './subscription.routes.js';

export interface StripeRouteDeps {
  authenticate: Authenticate;
  clock: Clock;
  prices: GetPrices;
  paymentMethods: PaymentMethods;
  subscriptionCheckout: StartSubscriptionCheckout;
  tokenCheckout: StartTokenCheckout;
  checkoutOutcome: GetCheckoutOutcome;
}

/**
 * /api/stripe/*: the spec's `{payment-provider}` calls. The path says stripe whatever the gateway, so
 * the web app is the same with the local checkout.
 */
export function stripeRoutes(deps: StripeRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/stripe' });
  const auth = requireAuth(deps.authenticate);
  const { clock } = deps;

  // Public: the landing page shows prices before anyone signs in.
  router.get('/prices', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = (await deps.prices.list()).map(presentPrice);
  });

  router.get('/price/:type', async (ctx) => {
    // An unknown type names no price: 404, like a missing one.
    const parsed = priceTypeParam.safeParse(ctx.params);
    if (!parsed.success) throw new AppError(BillingErrors.PRICE_NOT_FOUND, 'There is no such price type: use monthlyBasic, monthlyPro or singleToken.');
    const { type } = parsed.data;
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = presentPrice(await deps.prices.one(type));
  });

  router.put('/email', auth, async (ctx) => {
    const { email } = validate(emailBody, ctx.request.body);
    await deps.paymentMethods.setEmail({ ...requester(ctx, clock), email });
    ctx.body = { ok: true };
  });

  // The spec spells it "subscritpion"; the correct spelling is accepted too.
  router.post(['/create-checkout-session-subscritpion', '/create-checkout-session-subscription'], auth, async (ctx) => {
    const { priceType } = validate(subscriptionCheckoutBody, ctx.request.body);
    ctx.body = presentCheckout(await deps.subscriptionCheckout.execute({ ...requester(ctx, clock), planType: priceType }));
  });

  router.post('/create-custom-token-checkout', auth, async (ctx) => {
    const { tokenAmount } = validate(tokenCheckoutBody, ctx.request.body);
    ctx.body = presentCheckout(await deps.tokenCheckout.execute({ ...requester(ctx, clock), tokenAmount }));
  });

  // The payment success page: what the checkout bought, and the user's tokens now.
  router.get('/checkout/:sessionId', auth, async (ctx) => {
    const parsed = checkoutParams.safeParse(ctx.params);
    if (!parsed.success) throw new AppError(BillingErrors.CHECKOUT_NOT_FOUND, 'There is no such checkout.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentCheckoutOutcome(await deps.checkoutOutcome.execute(principalOf(ctx).user.id, parsed.data.sessionId));
  });

  return router;
}
