import { Router } from '@koa/router';
import { billingRoutes as routes } from '../../../contract/billing.js';
import { contractRouter, OK } from '../../../platform/http/contract-route.js';
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
 * /api/stripe/*: the payment calls (docs/api.md, "Prices, checkouts and the billing email"). The path says stripe whatever the gateway, so
 * the web app is the same with the local checkout.
 */
export function stripeRoutes(deps: StripeRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate) });
  const { clock } = deps;

  // Public: the landing page shows prices before anyone signs in.
  on(routes.prices, async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    return (await deps.prices.list()).map(presentPrice);
  });

  // An unknown type names no price: 404, like a missing one.
  const noSuchPrice = () => new AppError(BillingErrors.PRICE_NOT_FOUND, 'There is no such price type: use monthlyBasic, monthlyPro or singleToken.');
  on(
    routes.price,
    async (ctx, { params: { type } }) => {
      ctx.set('Cache-Control', 'public, max-age=60');
      return presentPrice(await deps.prices.one(type));
    },
    { invalidParams: noSuchPrice },
  );

  on(routes.billingEmail, async (ctx, { body: { email } }) => {
    await deps.paymentMethods.setEmail({ ...requester(ctx, clock), email });
    return OK;
  });

  // The path keeps its historical "subscritpion" (docs/product.md § Plans, prices and tokens); the correct spelling is accepted too (the route's alias).
  on(routes.subscriptionCheckout, async (ctx, { body: { priceType } }) => presentCheckout(await deps.subscriptionCheckout.execute({ ...requester(ctx, clock), planType: priceType })));

  on(routes.tokenCheckout, async (ctx, { body: { tokenAmount } }) => presentCheckout(await deps.tokenCheckout.execute({ ...requester(ctx, clock), tokenAmount })));

  // The payment success page: what the checkout bought, and the user's tokens now.
  const noSuchCheckout = () => new AppError(BillingErrors.CHECKOUT_NOT_FOUND, 'There is no such checkout.');
  on(
    routes.checkoutOutcome,
    async (ctx, { params: { sessionId } }) => {
      ctx.set('Cache-Control', 'no-store');
      return presentCheckoutOutcome(await deps.checkoutOutcome.execute(principalOf(ctx).user.id, sessionId));
    },
    { invalidParams: noSuchCheckout },
  );

  return router;
}
