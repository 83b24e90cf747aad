import { container as rootContainer, type DependencyContainer, type InjectionToken } from 'tsyringe';
import { pino } from 'pino';
import { BILLING_SETTINGS, type BillingSettings } from '../../../../src/modules/billing/application/billing-settings.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from '../../../../src/modules/billing/application/ports/checkout-session.repository.port.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from '../../../../src/modules/billing/application/ports/customer.repository.port.js';
import {
  PAYMENT_GATEWAY,
  PaymentProviderUnavailableError,
  type CheckoutRequest,
  type OpenedCheckout,
  type PaymentGateway,
  type PlanChangeOutcome,
  type PlanChangeRequest,
} from '../../../../src/modules/billing/application/ports/payment-gateway.port.js';
import { PROCESSED_EVENT_STORE, type ProcessedEventStore } from '../../../../src/modules/billing/application/ports/processed-event.store.port.js';
import { SUBSCRIPTION_REPOSITORY, type SubscriptionRepository } from '../../../../src/modules/billing/application/ports/subscription.repository.port.js';
import type { Period } from '../../../../src/modules/billing/domain/billing-period.js';
import type { Card } from '../../../../src/modules/billing/domain/card.js';
import type { CheckoutSession } from '../../../../src/modules/billing/domain/checkout-session.js';
import type { Customer } from '../../../../src/modules/billing/domain/customer.js';
import { isPlanType, type Price } from '../../../../src/modules/billing/domain/price.js';
import type { BillingProvider, Subscription, SubscriptionSnapshot } from '../../../../src/modules/billing/domain/subscription.js';
import { LEDGER_POLICY } from '../../../../src/modules/token-ledger/application/ledger-policy.js';
import { LEDGER_REPOSITORY } from '../../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { LOGGER } from '../../../../src/platform/logging/logger.js';
import { CLOCK, fixedClock } from '../../../../src/shared/clock.js';
import { InMemoryLedgerRepository } from '../../../support/fakes/in-memory-ledger.js';
import { BALANCE_EVENTS, noBalanceEvents } from '../../../../src/modules/token-ledger/application/ports/balance-events.port.js';

export class InMemoryCustomers implements CustomerRepository {
  readonly rows: Customer[] = [];
  find(userId: string, provider: BillingProvider) {
    return Promise.resolve(this.rows.find((row) => row.userId === userId && row.provider === provider) ?? null);
  }
  findByCustomerId(provider: BillingProvider, customerId: string) {
    return Promise.resolve(this.rows.find((row) => row.provider === provider && row.customerId === customerId) ?? null);
  }
  async add(customer: Customer) {
    const existing = await this.find(customer.userId, customer.provider);
    if (existing) return existing;
    this.rows.push({ ...customer });
    return { ...customer };
  }
  async setEmail(userId: string, provider: BillingProvider, email: string) {
    const row = await this.find(userId, provider);
    if (row) row.email = email;
  }
  async setDefaultPaymentMethod(userId: string, provider: BillingProvider, paymentMethod: string) {
    const row = await this.find(userId, provider);
    if (row) row.defaultPaymentMethod = paymentMethod;
  }
}

/** The same rules as the knex repository: a newer subscription replaces, a later period is kept. */
export class InMemorySubscriptions implements SubscriptionRepository {
  readonly rows = new Map<string, Subscription>();
  private version = 0;
  find(userId: string) {
    const row = this.rows.get(userId);
    return Promise.resolve(row ? { ...row } : null);
  }
  async record(userId: string, provider: BillingProvider, snapshot: SubscriptionSnapshot) {
    const stored = this.rows.get(userId);
    const same = stored?.subscriptionId === snapshot.subscriptionId;
    if (stored && !same && stored.provider === provider && stored.createdAt > snapshot.createdAt) return this.find(userId);
    const keepPeriod = same && stored?.currentPeriodEnd && snapshot.currentPeriodEnd && stored.currentPeriodEnd > snapshot.currentPeriodEnd;
    this.rows.set(userId, {
      ...snapshot,
      currentPeriodStart: keepPeriod ? (stored?.currentPeriodStart ?? null) : snapshot.currentPeriodStart,
      currentPeriodEnd: keepPeriod ? (stored?.currentPeriodEnd ?? null) : snapshot.currentPeriodEnd,
      userId,
      provider,
      updatedAt: new Date(++this.version),
    });
    return this.find(userId);
  }
  advancePeriod(userId: string, subscriptionId: string, period: Period) {
    const row = this.rows.get(userId);
    if (!row || row.subscriptionId !== subscriptionId || (row.currentPeriodEnd && row.currentPeriodEnd >= period.end)) return Promise.resolve(false);
    Object.assign(row, { currentPeriodStart: period.start, currentPeriodEnd: period.end, updatedAt: new Date(++this.version) });
    return Promise.resolve(true);
  }
}

export class InMemoryCheckouts implements CheckoutSessionRepository {
  readonly rows = new Map<string, CheckoutSession>();
  add(session: CheckoutSession) {
    if (!this.rows.has(session.id)) this.rows.set(session.id, { ...session });
    return Promise.resolve({ ...(this.rows.get(session.id) as CheckoutSession) });
  }
  find(id: string) {
    const row = this.rows.get(id);
    return Promise.resolve(row ? { ...row } : null);
  }
  findByIdempotencyKey(key: string) {
    return Promise.resolve([...this.rows.values()].find((row) => row.idempotencyKey === key) ?? null);
  }
  close(id: string, status: 'completed' | 'cancelled', at: Date) {
    const row = this.rows.get(id);
    if (!row || row.status !== 'open') return Promise.resolve(false);
    Object.assign(row, { status, completedAt: at });
    return Promise.resolve(true);
  }
}

export class InMemoryProcessedEvents implements ProcessedEventStore {
  readonly ids = new Set<string>();
  has(eventId: string) {
    return Promise.resolve(this.ids.has(eventId));
  }
  add(eventId: string) {
    this.ids.add(eventId);
    return Promise.resolve();
  }
}

export const PRICES: Price[] = [
  { priceType: 'monthlyBasic', unitAmountCents: 900, tokens: 500, providerPriceId: 'price_basic' },
  { priceType: 'monthlyPro', unitAmountCents: 2900, tokens: 2000, providerPriceId: 'price_pro' },
  { priceType: 'singleToken', unitAmountCents: 2, tokens: 1, providerPriceId: 'price_token' },
];

/** A scriptable provider: subscriptions to answer, calls recorded, failures on demand. */
export class FakeGateway implements PaymentGateway {
  readonly subscriptions = new Map<string, SubscriptionSnapshot>();
  readonly calls: { method: string; idempotencyKey?: string; args: unknown }[] = [];
  prices = async (): Promise<Price[]> => this.call('prices', undefined, undefined, PRICES);
  private failing = 0;
  private sessions = 0;

  constructor(readonly provider: BillingProvider) {}

  failNext(times = 1) {
    this.failing = times;
  }

  private call<T>(method: string, args: unknown, idempotencyKey: string | undefined, answer: T): Promise<T> {
    this.calls.push({ method, args, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (this.failing > 0) {
      this.failing -= 1;
      return Promise.reject(new PaymentProviderUnavailableError('down'));
    }
    return Promise.resolve(answer);
  }

  createCustomer(input: { userId: string; email: string; idempotencyKey: string }) {
    return this.call('createCustomer', input, input.idempotencyKey, `cus_${input.userId}`);
  }
  updateCustomerEmail(customerId: string, email: string, idempotencyKey: string) {
    return this.call('updateCustomerEmail', { customerId, email }, idempotencyKey, undefined);
  }
  createCheckout(request: CheckoutRequest): Promise<OpenedCheckout> {
    const sessionId = `cs_${++this.sessions}`;
    return this.call('createCheckout', request, request.idempotencyKey, { sessionId, url: `https://pay.test/${sessionId}`, expiresAt: new Date('2100-01-01') });
  }
  retrieveSubscription(subscriptionId: string) {
    return this.call('retrieveSubscription', subscriptionId, undefined, this.subscriptions.get(subscriptionId) ?? null);
  }
  setCancelAtPeriodEnd(current: Subscription, cancel: boolean, idempotencyKey: string) {
    const updated = { ...current, cancelAtPeriodEnd: cancel };
    this.subscriptions.set(current.subscriptionId, updated);
    return this.call('setCancelAtPeriodEnd', { subscriptionId: current.subscriptionId, cancel }, idempotencyKey, updated);
  }
  cancelNow(current: Subscription, idempotencyKey: string) {
    const ended = { ...current, status: 'canceled' as const, cancelAtPeriodEnd: false };
    this.subscriptions.set(current.subscriptionId, ended);
    return this.call('cancelNow', { subscriptionId: current.subscriptionId }, idempotencyKey, ended);
  }
  useCardFromSetup(input: { customerId: string; setupRef: string; subscriptionId: string | null; idempotencyKey: string }) {
    return this.call('useCardFromSetup', input, input.idempotencyKey, `pm_${input.setupRef}`);
  }
  listCards(customer: Customer): Promise<Card[]> {
    return this.call('listCards', customer.customerId, undefined, customer.defaultPaymentMethod ? [{ brand: 'Visa', last4: '4242', expiryMonth: 1, expiryYear: 2030 }] : []);
  }
  /** What the next upgrade charges, and whether its card is declined. */
  upgradeChargeCents = 1000;
  declineUpgrade = false;
  previewPlanChange(request: PlanChangeRequest) {
    const amountDueNowCents = request.direction === 'upgrade' ? this.upgradeChargeCents : 0;
    return this.call('previewPlanChange', { ...request, current: request.current.subscriptionId }, undefined, { amountDueNowCents });
  }
  changePlan(request: PlanChangeRequest & { idempotencyKey: string }) {
    const args = { subscriptionId: request.current.subscriptionId, price: request.price.providerPriceId, direction: request.direction, prorationDate: request.prorationDate };
    const upgrade = request.direction === 'upgrade';
    if (upgrade && this.declineUpgrade) return this.call<PlanChangeOutcome>('changePlan', args, request.idempotencyKey, { applied: false, reason: 'payment-failed' });
    const snapshot: SubscriptionSnapshot = {
      ...request.current,
      planType: isPlanType(request.price.priceType) ? request.price.priceType : null,
      planTokens: request.price.tokens,
      planPriceId: request.price.providerPriceId,
      monthlyPriceCents: request.price.unitAmountCents,
    };
    this.subscriptions.set(snapshot.subscriptionId, snapshot);
    const charge = upgrade ? { invoiceId: `in_${request.idempotencyKey}`, amountPaidCents: this.upgradeChargeCents } : null;
    return this.call<PlanChangeOutcome>('changePlan', args, request.idempotencyKey, { applied: true, snapshot, charge });
  }
}

/** The billing use cases over in-memory ports, resolved the way the app resolves them. */
export function billingWorld(options: { provider?: BillingProvider; mode?: BillingSettings['mode']; now?: string } = {}) {
  const provider = options.provider ?? 'stripe';
  const clock = fixedClock(options.now ?? '2026-11-10T09:00:00.000Z');
  const parts = {
    clock,
    gateway: new FakeGateway(provider),
    customers: new InMemoryCustomers(),
    subscriptions: new InMemorySubscriptions(),
    checkouts: new InMemoryCheckouts(),
    events: new InMemoryProcessedEvents(),
    ledger: new InMemoryLedgerRepository(),
  };
  const c: DependencyContainer = rootContainer.createChildContainer();
  c.register(CLOCK, { useValue: clock });
  c.register(LOGGER, { useValue: pino({ level: 'silent' }) });
  c.register(BILLING_SETTINGS, { useValue: { mode: options.mode ?? provider, publicUrl: 'http://app.test' } satisfies BillingSettings });
  c.register(PAYMENT_GATEWAY, { useValue: parts.gateway });
  c.register(CUSTOMER_REPOSITORY, { useValue: parts.customers });
  c.register(SUBSCRIPTION_REPOSITORY, { useValue: parts.subscriptions });
  c.register(CHECKOUT_SESSION_REPOSITORY, { useValue: parts.checkouts });
  c.register(PROCESSED_EVENT_STORE, { useValue: parts.events });
  c.register(LEDGER_REPOSITORY, { useValue: parts.ledger });
  c.register(LEDGER_POLICY, { useValue: { unlimited: options.mode === 'off' } });
  c.register(BALANCE_EVENTS, { useValue: noBalanceEvents });
  return { ...parts, resolve: <T>(token: InjectionToken<T>): T => c.resolve(token) };
}

/** A Stripe-like subscription snapshot, a month long from `start`. */
export function aSnapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  const start = overrides.currentPeriodStart ?? new Date('2026-11-10T09:00:00.000Z');
  return {
    subscriptionId: 'sub_1',
    customerId: 'cus_user-1',
    status: 'active',
    planType: 'monthlyBasic',
    planTokens: 500,
    planPriceId: 'price_basic',
    monthlyPriceCents: 900,
    cancelAtPeriodEnd: false,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + 30 * 24 * 3600 * 1000),
    createdAt: start,
    ...overrides,
  };
}
