import { Router } from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { Authenticate, principalOf, requireAuth, type AuthState } from '../../identity/index.js';
import { ChangeCancellation } from '../application/change-cancellation.use-case.js';
import { GetSubscriptionStatus } from '../application/get-subscription-status.use-case.js';
import { requestNonce } from '../application/idempotency-key.js';
import { PaymentMethods } from '../application/payment-methods.use-case.js';
import { StartCardSetup } from '../application/start-card-setup.use-case.js';
import { presentCard, presentCheckout, presentStatus } from './billing.presenter.js';

type Ctx = ParameterizedContext<AuthState>;

/** What identifies a request for idempotency: the user, and the client's Idempotency-Key or the minute. */
export function requester(ctx: Ctx, clock: Clock) {
  const { user } = principalOf(ctx);
  return { userId: user.id, email: user.email, nonce: requestNonce(ctx.get('idempotency-key') || null, clock.now()) };
}

/** /api/subscription/*: the subscription guard's status, Settings' cancel/reactivate and cards. */
export function subscriptionRoutes(c: DependencyContainer): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/subscription' });
  const auth = requireAuth(c.resolve(Authenticate));
  const clock = c.resolve<Clock>(CLOCK);
  const status = async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentStatus(await c.resolve(GetSubscriptionStatus).execute(principalOf(ctx).user.id));
  };

  router.get('/status', auth, (ctx) => status(ctx));

  // Both answer the refreshed status, so the page need not ask again (it may).
  router.post('/cancel', auth, async (ctx) => {
    await c.resolve(ChangeCancellation).cancel(principalOf(ctx).user.id);
    await status(ctx);
  });

  router.post('/reactivate', auth, async (ctx) => {
    await c.resolve(ChangeCancellation).reactivate(principalOf(ctx).user.id);
    await status(ctx);
  });

  router.get('/payment-methods', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await c.resolve(PaymentMethods).cards(principalOf(ctx).user.id)).map(presentCard);
  });

  router.post('/setup-payment-method', auth, async (ctx) => {
    ctx.body = presentCheckout(await c.resolve(StartCardSetup).execute(requester(ctx, clock)));
  });

  return router;
}
