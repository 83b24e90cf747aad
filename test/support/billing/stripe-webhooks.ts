import Stripe from 'stripe';
import type { FakeStripe, Json } from '../fakes/fake-stripe.server.js';
import type { TestApp } from '../test-app.js';

/**
 * Delivers an event to the app as Stripe does: the JSON body, signed with the endpoint's secret by the
 * SDK's own test helper.
 */
export function webhookSender(app: TestApp, stripe: FakeStripe) {
  const sdk = new Stripe(stripe.secretKey, stripe.clientOptions);
  const send = (event: Json, options: { secret?: string; signature?: string } = {}) => {
    const payload = JSON.stringify(event, null, 2);
    const signature = options.signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? stripe.webhookSecret });
    return app.fetch('/webhooks/stripe', { method: 'POST', body: payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  };
  return {
    send,
    /** Sends a new event of `type` about `object` and answers its id and the response. */
    async deliver(type: string, object: Json, id?: string) {
      const event = stripe.event(type, object, id);
      const response = await send(event);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`webhook ${type} answered ${response.status}: ${text}`);
      return { id: event.id, body: JSON.parse(text) as { received: boolean; outcome: string } };
    },
  };
}
