import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { isExpired, SESSION_ID_PLACEHOLDER, type CheckoutSession } from '../domain/checkout-session.js';
import { isPlanType } from '../domain/price.js';
import { firstPeriod, isActive, type SubscriptionSnapshot } from '../domain/subscription.js';
import { CurrentSubscription } from './current-subscription.js';
import { PurchaseOutcomes } from './outcomes/purchase-outcomes.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from './ports/checkout-session.repository.port.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from './ports/customer.repository.port.js';

export type LocalCheckoutView =
  | { state: 'open' | 'completed' | 'cancelled' | 'expired'; session: CheckoutSession }
  | { state: 'not-found' };

export type LocalPayOutcome =
  | { outcome: 'paid' | 'already-paid'; redirectTo: string }
  | { outcome: 'cancelled' | 'expired' | 'already-subscribed'; session: CheckoutSession }
  | { outcome: 'not-found' };

/**
 * The embedded gateway's checkout page: paying completes the checkout through the very use cases
 * Stripe's webhooks drive (record the subscription, grant the period, credit tokens, save the card).
 */
@injectable()
export class LocalCheckout {
  constructor(
    @inject(CHECKOUT_SESSION_REPOSITORY) private readonly checkouts: CheckoutSessionRepository,
    @inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
    @inject(CurrentSubscription) private readonly current: CurrentSubscription,
    @inject(PurchaseOutcomes) private readonly outcomes: PurchaseOutcomes,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async view(sessionId: string): Promise<LocalCheckoutView> {
    const session = await this.find(sessionId);
    if (!session) return { state: 'not-found' };
    if (session.status === 'open' && isExpired(session, this.clock.now())) return { state: 'expired', session };
    return { state: session.status, session };
  }

  async pay(sessionId: string): Promise<LocalPayOutcome> {
    const session = await this.find(sessionId);
    if (!session) return { outcome: 'not-found' };
    const success = session.successUrl.replace(SESSION_ID_PLACEHOLDER, session.id);
    // Paying twice (back button, double submit) grants once: a closed session only redirects.
    if (session.status === 'completed') return { outcome: 'already-paid', redirectTo: success };
    if (session.status === 'cancelled') return { outcome: 'cancelled', session };
    const now = this.clock.now();
    if (isExpired(session, now)) return { outcome: 'expired', session };

    if (session.mode === 'subscription') {
      if (isActive(await this.current.of(session.userId), now)) return { outcome: 'already-subscribed', session };
      await this.startSubscription(session, now);
    }
    if (session.mode === 'payment') await this.outcomes.creditTokens.execute({ sessionId: session.id });
    // Paying by card saves it (as Stripe Checkout does), and setup mode is only that.
    await this.outcomes.completeCardSetup.execute({ userId: session.userId, setupRef: session.id });
    await this.checkouts.close(session.id, 'completed', now);
    return { outcome: 'paid', redirectTo: success };
  }

  /** Where Cancel goes; a paid session goes to its success page instead. */
  async cancel(sessionId: string): Promise<{ redirectTo: string } | null> {
    const session = await this.find(sessionId);
    if (!session) return null;
    if (session.status === 'completed') return { redirectTo: session.successUrl.replace(SESSION_ID_PLACEHOLDER, session.id) };
    await this.checkouts.close(session.id, 'cancelled', this.clock.now());
    return { redirectTo: session.cancelUrl };
  }

  private async find(sessionId: string): Promise<CheckoutSession | null> {
    const session = await this.checkouts.find(sessionId);
    return session && session.provider === 'local' ? session : null;
  }

  private async startSubscription(session: CheckoutSession, now: Date): Promise<void> {
    const customer = await this.customers.find(session.userId, 'local');
    const period = firstPeriod(now);
    // Ids derived from the checkout: a concurrent second Pay records the same subscription and payment.
    const subscriptionId = session.id.replace(/^cs_/, 'sub_');
    const snapshot: SubscriptionSnapshot = {
      subscriptionId,
      customerId: customer?.customerId ?? '',
      status: 'active',
      planType: isPlanType(session.priceType) ? session.priceType : null,
      planTokens: session.tokens,
      planPriceId: session.priceType,
      monthlyPriceCents: session.totalCents,
      cancelAtPeriodEnd: false,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      createdAt: now,
    };
    await this.outcomes.recordSubscription.execute(session.userId, snapshot);
    await this.outcomes.startPaidPeriod.execute({
      userId: session.userId,
      subscriptionId,
      sourceKey: session.id.replace(/^cs_/, 'in_'),
      period,
      planType: snapshot.planType,
      planTokens: session.tokens,
      payedUsdCents: session.totalCents,
    });
  }
}
