import { Router } from '@koa/router';
import { stripeWebhookRoutes as routes, type StripeWebhookResponse } from '../../../contract/billing.js';
import { contractRouter } from '../../../platform/http/contract-route.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { ApplyBillingEvent } from '../application/apply-billing-event.use-case.js';
import type { StripeEventSource } from '../infra/stripe/stripe-events.js';
import { readRawBody } from './raw-body.js';

export interface StripeWebhookRouteDeps {
  source: StripeEventSource;
  apply: ApplyBillingEvent;
  logger: Logger;
}

/**
 * POST /webhooks/stripe: the signature is checked on the raw body (400 when it does not match), then
 * the event is applied once. Events the app does not act on are answered 200 too, so Stripe stops
 * sending them, and so are signed events of a shape the app cannot read (logged once, with why); a
 * failure to apply a usable event answers 5xx and Stripe delivers it again later.
 */
export function stripeWebhookRoutes({ source, apply, logger }: StripeWebhookRouteDeps): Router {
  const router = new Router();
  contractRouter(router)(routes.stripeWebhook, async (ctx) => {
    const raw = await readRawBody(ctx.req);
    const delivery = await source.verify(raw, ctx.get('stripe-signature') || undefined);
    if (!delivery.usable) {
      logger.warn({ eventId: delivery.eventId, type: delivery.type, problem: delivery.problem }, 'stripe event of an unexpected shape acknowledged, not applied');
      return { received: true, outcome: 'ignored' } satisfies StripeWebhookResponse;
    }
    const { event } = delivery;
    const outcome = await apply.execute(event);
    logger.info({ eventId: event.eventId, kind: event.kind, outcome }, 'stripe event');
    return { received: true, outcome } satisfies StripeWebhookResponse;
  });
  return router;
}
