import { Router } from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { Clock } from '../../../shared/clock.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import { subscriptionRoutes as routes } from '../../../contract/subscription.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import type { ChangeCancellation } from '../application/change-cancellation.use-case.js';
import type { ChangePlan } from '../application/change-plan.use-case.js';
import type { GetSubscriptionStatus } from '../application/get-subscription-status.use-case.js';
import { requestNonce } from '../application/idempotency-key.js';
import type { PaymentMethods } from '../application/payment-methods.use-case.js';
import type { PreviewPlanChange } from '../application/preview-plan-change.use-case.js';
import type { StartCardSetup } from '../application/start-card-setup.use-case.js';
import { presentCard, presentCheckout, presentPlanChange, presentPlanChangePreview, presentStatus } from './billing.presenter.js';

type Ctx = ParameterizedContext<AuthState>;

/** What identifies a request for idempotency: the user, and the client's Idempotency-Key or the minute. */
export function requester(ctx: Ctx, clock: Clock) {
  const { user } = principalOf(ctx);
  return { userId: user.id, email: user.email, nonce: requestNonce(ctx.get('idempotency-key') || null, clock.now()) };
}

export interface SubscriptionRouteDeps {
  authenticate: Authenticate;
  clock: Clock;
  status: GetSubscriptionStatus;
  cancellation: ChangeCancellation;
  previewPlanChange: PreviewPlanChange;
  changePlan: ChangePlan;
  paymentMethods: PaymentMethods;
  cardSetup: StartCardSetup;
}

/** /api/subscription/*: the subscription guard's status, Settings' cancel/reactivate, plan change and cards. */
export function subscriptionRoutes(deps: SubscriptionRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate) });
  const { clock } = deps;
  const status = async (ctx: Ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return presentStatus(await deps.status.execute(principalOf(ctx).user.id));
  };

  on(routes.subscriptionStatus, (ctx) => status(ctx));

  // Both answer the refreshed status, so the page need not ask again (it may).
  on(routes.cancelSubscription, async (ctx) => {
    await deps.cancellation.cancel(principalOf(ctx).user.id);
    return status(ctx);
  });

  on(routes.reactivateSubscription, async (ctx) => {
    await deps.cancellation.reactivate(principalOf(ctx).user.id);
    return status(ctx);
  });

  on(routes.previewPlanChange, async (ctx, { query: { planType } }) => {
    ctx.set('Cache-Control', 'no-store');
    return presentPlanChangePreview(await deps.previewPlanChange.execute(principalOf(ctx).user.id, planType));
  });

  on(routes.changePlan, async (ctx, { body: { planType, prorationDate } }) => {
    const userId = principalOf(ctx).user.id;
    const done = await deps.changePlan.execute({ userId, planType, prorationDate: prorationDate ? new Date(prorationDate) : null });
    return presentPlanChange(done, await deps.status.execute(userId));
  });

  on(routes.paymentMethods, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return (await deps.paymentMethods.cards(principalOf(ctx).user.id)).map(presentCard);
  });

  on(routes.setupPaymentMethod, async (ctx) => presentCheckout(await deps.cardSetup.execute(requester(ctx, clock))));

  return router;
}
