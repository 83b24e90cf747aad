import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../src/contract/common.js';
import type { PlanChangePreview, PlanChangeResponse } from '../../src/contract/subscription.js';
import { ReserveTokens } from '../../src/modules/token-ledger/index.js';
import { CLOCK, fixedClock } from '../../src/shared/clock.js';
import { billingClient, pathOf } from '../support/billing/billing-client.js';
import type { Json } from '../support/fakes/fake-stripe.server.js';
import { signIn, signInUser } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';
import { useStripeApp } from '../support/billing/use-stripe-app.js';
import { override } from '../../src/platform/wiring/overrides.js';

const START = '2026-11-10T09:00:00.000Z';
const HALFWAY = '2026-11-25T09:00:00.000Z';
const RENEWAL = '2026-12-10T09:00:00.000Z';

const errorCode = async (response: Response) => ((await response.json()) as ErrorResponse).error.code;

describe.each(databaseKinds())('plan change with the local checkout (%s)', (kind) => {
  const clock = fixedClock(START);
  const { app } = useTestApp(kind, { overrides: [override(CLOCK, clock)], resetAfterEach: true });
  let billing: ReturnType<typeof billingClient>;

  beforeEach(async () => {
    clock.set(START);
    billing = billingClient(app, await signIn(app, { email: 'changer@example.com' }));
  });

  /** Moves the clock; a fresh sign-in, as the access token would have expired meanwhile. */
  async function later(at: string) {
    clock.set(at);
    billing = billingClient(app, await signIn(app, { email: 'changer@example.com' }));
  }

  async function subscribe(priceType: string) {
    const { url } = await billing.json<{ url: string }>(await billing.subscribe(priceType));
    const paid = await app.fetch(`${pathOf(url)}/pay`, { method: 'POST', body: new URLSearchParams() });
    expect(paid.status).toBe(303);
  }

  it('previews an upgrade halfway through the period, then applies it: Professional now, with the difference in tokens', async () => {
    await subscribe('monthlyBasic');
    await later(HALFWAY);
    const preview = await billing.json<PlanChangePreview>(await billing.previewPlanChange('monthlyPro'));
    expect(preview).toEqual({
      currentPlan: 'monthlyBasic',
      newPlan: 'monthlyPro',
      change: 'upgrade',
      currentTokensPerMonth: 500,
      newTokensPerMonth: 2000,
      tokensAddedNow: 1500,
      amountDueNow: 10,
      tokensFrom: HALFWAY,
      nextRenewalAt: RENEWAL,
      nextRenewalAmount: 29,
      prorationDate: HALFWAY,
    });
    const done = await billing.json<PlanChangeResponse>(await billing.changePlan({ planType: 'monthlyPro', prorationDate: preview.prorationDate }));
    expect(done).toMatchObject({ change: 'upgrade', newPlan: 'monthlyPro', amountCharged: 10, tokensAdded: 1500 });
    expect(done.status).toMatchObject({ isActive: true, planType: 'monthlyPro', monthlyPrice: 29, subscriptionTokens: 2000, maxSubscriptionTokens: 2000, currentPeriodEnd: RENEWAL });
    expect(await billing.status()).toEqual(done.status);
  });

  it('downgrades with nothing charged, keeps this period\'s tokens and renews at the lower plan', async () => {
    await subscribe('monthlyPro');
    await later(HALFWAY);
    expect(await billing.json<PlanChangePreview>(await billing.previewPlanChange('monthlyBasic'))).toMatchObject({
      change: 'downgrade',
      tokensAddedNow: 0,
      amountDueNow: 0,
      tokensFrom: RENEWAL,
      nextRenewalAt: RENEWAL,
      nextRenewalAmount: 9,
    });
    const done = await billing.json<PlanChangeResponse>(await billing.changePlan({ planType: 'monthlyBasic' }));
    expect(done).toMatchObject({ change: 'downgrade', amountCharged: 0, tokensAdded: 0 });
    expect(done.status).toMatchObject({ planType: 'monthlyBasic', monthlyPrice: 9, subscriptionTokens: 2000 });
    await later(RENEWAL);
    expect(await billing.status()).toMatchObject({ isActive: true, planType: 'monthlyBasic', subscriptionTokens: 500, maxSubscriptionTokens: 500 });
  });

  it('keeps the 409 for the same plan, refuses a canceling or missing subscription, and points a checkout for the other plan to the change', async () => {
    expect(await errorCode(await billing.previewPlanChange('monthlyPro'))).toBe('BILLING.NOT_ACTIVE');
    await subscribe('monthlyBasic');
    const same = await billing.changePlan({ planType: 'monthlyBasic' });
    expect(same.status).toBe(409);
    expect(await errorCode(same)).toBe('BILLING.ALREADY_SUBSCRIBED');
    const other = await billing.subscribe('monthlyPro');
    expect(other.status).toBe(409);
    expect(await errorCode(other)).toBe('BILLING.PLAN_CHANGE_REQUIRED');
    expect((await billing.subscribe('monthlyBasic')).status).toBe(409);

    await billing.cancel();
    const canceling = await billing.previewPlanChange('monthlyPro');
    expect(canceling.status).toBe(409);
    expect(((await canceling.json()) as ErrorResponse).error).toMatchObject({
      code: 'BILLING.PLAN_CHANGE_CANCELING',
      message: 'Your subscription is set to end on December 10, 2026. Reactivate it first, then change the plan.',
    });
  });

  it('validates the plan and asks for sign-in', async () => {
    expect((await billing.previewPlanChange('yearlyGold')).status).toBe(400);
    expect((await billing.changePlan({ planType: 'monthlyPro', prorationDate: 'soon' })).status).toBe(400);
    expect((await app.fetch('/api/subscription/plan-change?planType=monthlyPro')).status).toBe(401);
    expect((await app.fetch('/api/subscription/change-plan', { method: 'POST', json: { planType: 'monthlyPro' } })).status).toBe(401);
  });
});

describe.each(databaseKinds())('plan change with Stripe (%s)', (kind) => {
  let userId: string;
  let billing: ReturnType<typeof billingClient>;

  const { app, stripe, webhooks } = useStripeApp(kind);
  beforeEach(async () => {
    const changer = await signInUser(app, { email: 'changer@example.com' });
    userId = changer.userId;
    billing = billingClient(app, changer.token);
  });

  async function activeBasic() {
    const { sessionId } = await billing.json<{ sessionId: string }>(await billing.subscribe('monthlyBasic'));
    const paid = stripe.completeCheckout(sessionId);
    await webhooks.deliver('checkout.session.completed', paid.session);
    await webhooks.deliver('invoice.paid', paid.invoice as Json);
    return paid;
  }

  it('upgrades through Stripe with the previewed proration and grants the tokens once, whatever the webhooks do', async () => {
    const { subscription } = await activeBasic();
    const preview = await billing.json<PlanChangePreview>(await billing.previewPlanChange('monthlyPro'));
    expect(preview).toMatchObject({ change: 'upgrade', tokensAddedNow: 1500, nextRenewalAmount: 29 });
    expect(preview.amountDueNow).toBeGreaterThan(19);
    expect(preview.amountDueNow).toBeLessThanOrEqual(20);

    const done = await billing.json<PlanChangeResponse>(await billing.changePlan({ planType: 'monthlyPro', prorationDate: preview.prorationDate }));
    expect(done).toMatchObject({ change: 'upgrade', amountCharged: preview.amountDueNow, tokensAdded: 1500 });
    expect(done.status).toMatchObject({ planType: 'monthlyPro', monthlyPrice: 29, subscriptionTokens: 2000 });

    await app.container.resolve(ReserveTokens).execute({ userId, reservationId: 'mail-1', tokens: 100, description: 'Summary' });
    const invoice = stripe.invoices.get(String(stripe.subscriptions.get(String(subscription?.id))?.latest_invoice)) as Json;
    expect(invoice.billing_reason).toBe('subscription_update');
    const first = await webhooks.deliver('invoice.paid', invoice);
    expect(first.body.outcome).toBe('applied');
    expect((await webhooks.deliver('invoice.paid', invoice, first.id)).body.outcome).toBe('duplicate');
    await webhooks.deliver('invoice.paid', invoice);
    await webhooks.deliver('customer.subscription.updated', stripe.subscriptions.get(String(subscription?.id)) as Json);
    expect(await billing.status()).toMatchObject({ planType: 'monthlyPro', subscriptionTokens: 1900, maxSubscriptionTokens: 2000 });
  });

  it('answers 402 and keeps the plan when the upgrade payment is declined', async () => {
    await activeBasic();
    stripe.declineNextPlanChange();
    const declined = await billing.changePlan({ planType: 'monthlyPro' });
    expect(declined.status).toBe(402);
    expect(await errorCode(declined)).toBe('BILLING.PLAN_CHANGE_PAYMENT_FAILED');
    expect(await billing.status()).toMatchObject({ planType: 'monthlyBasic', subscriptionTokens: 500 });
  });

  it('downgrades through Stripe with no proration, and the next renewal grants the smaller plan', async () => {
    const { subscription } = await activeBasic();
    await billing.json(await billing.changePlan({ planType: 'monthlyPro' }));
    const done = await billing.json<PlanChangeResponse>(await billing.changePlan({ planType: 'monthlyBasic' }));
    expect(done).toMatchObject({ change: 'downgrade', amountCharged: 0, status: { planType: 'monthlyBasic', subscriptionTokens: 2000 } });
    const update = stripe.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/')).at(-1);
    expect(update?.body).toMatchObject({ proration_behavior: 'none' });
    const renewal = stripe.renew(String(subscription?.id));
    await webhooks.deliver('invoice.paid', renewal.invoice);
    expect(await billing.status()).toMatchObject({ planType: 'monthlyBasic', subscriptionTokens: 500, maxSubscriptionTokens: 500 });
  });
});
