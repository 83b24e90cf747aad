import { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { ApplyBillingEvent } from '../application/apply-billing-event.use-case.js';
import type { StripeEventSource } from '../infra/stripe/stripe-events.js';
import { readRawBody, STRIPE_WEBHOOK_PATH } from './raw-body.js';

/**
 * POST /webhooks/stripe: the signature is checked on the raw body (400 when it does not match), then
 * the event is applied once. Events the app does not act on are answered 200 too, so Stripe stops
 * sending them; a failure answers 500 and Stripe delivers again later.
 */
export function stripeWebhookRoutes(c: DependencyContainer, source: StripeEventSource): Router {
  const router = new Router();
  const logger = c.resolve<Logger>(LOGGER);
  router.post(STRIPE_WEBHOOK_PATH, async (ctx) => {
    const raw = await readRawBody(ctx.req);
    const event = await source.verify(raw, ctx.get('stripe-signature') || undefined);
    const outcome = await c.resolve(ApplyBillingEvent).execute(event);
    logger.info({ eventId: event.eventId, kind: event.kind, outcome }, 'stripe event');
    ctx.body = { received: true, outcome };
  });
  return router;
}
