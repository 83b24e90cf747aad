import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../../src/modules/billing/domain/checkout-session.js';
import { KnexCheckoutSessionRepository } from '../../../src/modules/billing/infra/knex.checkout-session.repository.js';
import { KnexCustomerRepository } from '../../../src/modules/billing/infra/knex.customer.repository.js';
import { KnexProcessedEventStore } from '../../../src/modules/billing/infra/knex.processed-event.store.js';
import { KnexSubscriptionRepository } from '../../../src/modules/billing/infra/knex.subscription.repository.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { aSnapshot } from '../../unit/billing/support/in-memory-billing.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const at = (iso: string) => new Date(iso);

describe.each(databaseKinds())('billing repositories (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let userId: string;

  beforeEach(async () => {
    userId = await aUser(database.db);
  });

  describe('subscriptions', () => {
    const repository = () => new KnexSubscriptionRepository(database.db);

    it('stores the provider\'s view and updates the same subscription', async () => {
      await repository().record(userId, 'stripe', aSnapshot());
      const updated = await repository().record(userId, 'stripe', aSnapshot({ status: 'past_due', cancelAtPeriodEnd: true }));
      expect(updated).toMatchObject({ userId, provider: 'stripe', subscriptionId: 'sub_1', status: 'past_due', cancelAtPeriodEnd: true, planType: 'monthlyBasic', planTokens: 500, monthlyPriceCents: 900 });
      expect(updated?.currentPeriodEnd).toEqual(aSnapshot().currentPeriodEnd);
    });

    it('lets a newer subscription replace an older one, never the reverse', async () => {
      await repository().record(userId, 'stripe', aSnapshot({ subscriptionId: 'sub_old', createdAt: at('2026-01-01T00:00:00Z') }));
      await repository().record(userId, 'stripe', aSnapshot({ subscriptionId: 'sub_new', createdAt: at('2026-06-01T00:00:00Z') }));
      const late = await repository().record(userId, 'stripe', aSnapshot({ subscriptionId: 'sub_old', status: 'canceled', createdAt: at('2026-01-01T00:00:00Z') }));
      expect(late).toMatchObject({ subscriptionId: 'sub_new', status: 'active' });
    });

    it('keeps a period already stored further ahead, and only moves periods forward', async () => {
      const later = { start: at('2026-12-10T09:00:00Z'), end: at('2027-01-10T09:00:00Z') };
      await repository().record(userId, 'stripe', aSnapshot());
      expect(await repository().advancePeriod(userId, 'sub_1', later)).toBe(true);
      expect(await repository().advancePeriod(userId, 'sub_1', { start: at('2026-11-10T09:00:00Z'), end: at('2026-12-10T09:00:00Z') })).toBe(false);
      expect(await repository().advancePeriod(userId, 'sub_other', { start: at('2027-01-10T09:00:00Z'), end: at('2027-02-10T09:00:00Z') })).toBe(false);
      const stale = await repository().record(userId, 'stripe', aSnapshot({ cancelAtPeriodEnd: true }));
      expect(stale).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodStart: later.start, currentPeriodEnd: later.end });
    });
  });

  describe('customers', () => {
    it('keeps the first customer when two are added for the same user and provider', async () => {
      const customers = new KnexCustomerRepository(database.db);
      const first = await customers.add({ userId, provider: 'stripe', customerId: 'cus_a', email: 'a@example.com', defaultPaymentMethod: null });
      const second = await customers.add({ userId, provider: 'stripe', customerId: 'cus_b', email: 'b@example.com', defaultPaymentMethod: null });
      expect(second).toEqual(first);
      await customers.add({ userId, provider: 'local', customerId: 'cus_local', email: null, defaultPaymentMethod: null });
      await customers.setEmail(userId, 'stripe', 'billing@example.com');
      await customers.setDefaultPaymentMethod(userId, 'stripe', 'pm_1');
      expect(await customers.findByCustomerId('stripe', 'cus_a')).toEqual({ userId, provider: 'stripe', customerId: 'cus_a', email: 'billing@example.com', defaultPaymentMethod: 'pm_1' });
      expect((await customers.find(userId, 'local'))?.customerId).toBe('cus_local');
    });
  });

  describe('checkout sessions and events', () => {
    const session = (overrides: Partial<CheckoutSession> = {}): CheckoutSession => ({
      id: 'cs_1',
      userId,
      provider: 'local',
      mode: 'payment',
      priceType: 'singleToken',
      quantity: 1001,
      tokens: 1001,
      unitAmountCents: 0.25,
      totalCents: 250,
      url: 'http://app.test/local-checkout/cs_1',
      successUrl: 'http://app.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/cancel?type=tokens',
      status: 'open',
      idempotencyKey: 'ms_key_1',
      expiresAt: at('2100-01-01T00:00:00Z'),
      createdAt: at('2026-11-10T09:00:00Z'),
      completedAt: null,
      ...overrides,
    });

    it('stores a session once, finds it by key, and closes it once', async () => {
      const checkouts = new KnexCheckoutSessionRepository(database.db);
      expect(await checkouts.add(session())).toEqual(session());
      expect(await checkouts.add(session({ quantity: 5 }))).toEqual(session());
      expect((await checkouts.findByIdempotencyKey('ms_key_1'))?.unitAmountCents).toBe(0.25);
      const closes = await Promise.all([checkouts.close('cs_1', 'completed', at('2026-11-10T10:00:00Z')), checkouts.close('cs_1', 'cancelled', at('2026-11-10T10:00:00Z'))]);
      expect(closes.filter(Boolean)).toHaveLength(1);
      expect(await checkouts.close('cs_1', 'completed', new Date())).toBe(false);
    });

    it('remembers processed events, a second add included', async () => {
      const events = new KnexProcessedEventStore(database.db);
      expect(await events.has('evt_1')).toBe(false);
      await events.add('evt_1', 'period-paid');
      await events.add('evt_1', 'period-paid');
      expect(await events.has('evt_1')).toBe(true);
    });
  });
});
