import { beforeEach, describe, expect, it } from 'vitest';
import { SubscriptionAccess } from '../../src/modules/billing/index.js';
import { billingClient, NEVER_SUBSCRIBED } from '../support/billing/billing-client.js';
import { signIn, userIdOf } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useTestApp } from '../support/use-test-app.js';

const OFF_MESSAGE = 'Billing is switched off on this server: every account is active with unlimited tokens, so there is nothing to buy.';

describe.each(databaseKinds())('billing switched off (%s)', (kind) => {
  const { app } = useTestApp(kind, { env: { BILLING: 'off' }, resetAfterEach: true });
  let token: string;
  let billing: ReturnType<typeof billingClient>;

  beforeEach(async () => {
    token = await signIn(app, { email: 'self-hosted@example.com' });
    billing = billingClient(app, token);
  });

  it('answers every user as active, with the billingDisabled flag', async () => {
    expect(await billing.status()).toEqual({ ...NEVER_SUBSCRIBED, isActive: true, subscriptionStatus: 'active', billingDisabled: true });
    const userId = await userIdOf(app, token);
    expect(await app.container.resolve(SubscriptionAccess).isActive(userId)).toBe(true);
  });

  it('refuses every purchase and change with 409 saying billing is off', async () => {
    for (const response of [
      await billing.subscribe('monthlyBasic'),
      await billing.buyTokens(100),
      await billing.setupCard(),
      await billing.cancel(),
      await billing.reactivate(),
      await billing.setEmail('x@example.com'),
      await app.fetch('/api/stripe/price/monthlyBasic'),
    ]) {
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorResponse).error).toEqual({ code: 'BILLING.DISABLED', message: OFF_MESSAGE });
    }
  });

  it('has nothing for sale and no saved cards', async () => {
    expect(await (await app.fetch('/api/stripe/prices')).json()).toEqual([]);
    expect(await billing.paymentMethods()).toEqual([]);
    expect((await app.fetch('/local-checkout/cs_local_x')).status).toBe(404);
  });
});
