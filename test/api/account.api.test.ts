import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorResponse } from '../../src/contract/common.js';
import { PAYMENT_GATEWAY, PaymentProviderUnavailableError, type PaymentGateway } from '../../src/modules/billing/application/ports/payment-gateway.port.js';
import { billingClient, pathOf } from '../support/billing/billing-client.js';
import { signIn, userIdOf } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';

describe.each(databaseKinds())('account deletion with a subscription, local checkout (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { resetAfterEach: true });
  let gateway: PaymentGateway;

  beforeAll(() => {
    gateway = app.container.resolve<PaymentGateway>(PAYMENT_GATEWAY);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function subscribed(email: string): Promise<{ token: string; userId: string }> {
    const token = await signIn(app, { email });
    const billing = billingClient(app, token);
    const { url } = await billing.json<{ url: string }>(await billing.subscribe('monthlyBasic'));
    expect((await app.fetch(`${pathOf(url)}/pay`, { method: 'POST', body: new URLSearchParams() })).status).toBe(303);
    const userId = await userIdOf(app, token);
    expect(await database.db('billing_subscriptions').where({ user_id: userId }).first('status')).toEqual({ status: 'active' });
    return { token, userId };
  }

  it('deletes nothing when the payment provider does not answer (503) or refuses (502)', async () => {
    const { token, userId } = await subscribed('payer@example.com');
    const unavailable = vi.spyOn(gateway, 'cancelNow').mockRejectedValue(new PaymentProviderUnavailableError('down'));
    const down = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: 'payer@example.com' } });
    expect(down.status).toBe(503);
    expect(((await down.json()) as ErrorResponse).error.code).toBe('BILLING.PROVIDER_UNAVAILABLE');
    unavailable.mockRejectedValue(new Error('card_declined or whatever the provider says'));
    const refused = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: 'payer@example.com' } });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as ErrorResponse).error).toMatchObject({ code: 'BILLING.CANCEL_FAILED', message: expect.stringContaining('nothing was deleted') });
    expect(await database.db('users').where({ id: userId }).first('id')).toEqual({ id: userId });
    expect((await app.fetch('/api/status', { token })).status).toBe(200);
  });

  it('ends the subscription at the provider now, then deletes, keeping only the paid records', async () => {
    const { token, userId } = await subscribed('leaver@example.com');
    const cancel = vi.spyOn(gateway, 'cancelNow');
    const response = await app.fetch('/api/account/delete', { method: 'POST', token, json: { email: 'leaver@example.com' } });
    expect(response.status).toBe(204);
    expect(cancel).toHaveBeenCalledTimes(1);
    await expect(cancel.mock.results[0]?.value).resolves.toMatchObject({ status: 'canceled' });
    expect(await database.db('users').where({ id: userId }).first()).toBeUndefined();
    expect(await database.db('billing_subscriptions').where({ user_id: userId }).first()).toBeUndefined();
    expect(await database.db('token_ledger').where({ user_id: userId }).pluck('kind')).toEqual(['period_grant']);
    expect(await database.db('billing_checkout_sessions').where({ user_id: userId }).select('mode', 'status')).toEqual([{ mode: 'subscription', status: 'completed' }]);
    expect(await database.db('billing_customers').where({ user_id: userId }).select('email', 'default_payment_method')).toEqual([{ email: null, default_payment_method: null }]);
    expect((await app.fetch('/api/status', { token })).status).toBe(401);
  });
});
