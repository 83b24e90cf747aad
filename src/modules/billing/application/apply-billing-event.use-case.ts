import { inject, injectable } from 'tsyringe';
import { LOGGER, type Logger } from '../../../platform/logging/logger.js';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { isPlanType } from '../domain/price.js';
import type { SubscriptionSnapshot } from '../domain/subscription.js';
import type { BillingEvent } from './billing-event.js';
import { callGateway } from './call-gateway.js';
import { PurchaseOutcomes } from './outcomes/purchase-outcomes.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from './ports/checkout-session.repository.port.js';
import { CUSTOMER_REPOSITORY, type CustomerRepository } from './ports/customer.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { PROCESSED_EVENT_STORE, type ProcessedEventStore } from './ports/processed-event.store.port.js';
import { providerOf } from './provider-of.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one provider event, once. Order does not matter: subscription state is read again from the
 * provider rather than taken from the event, and grants are keyed by the payment (the ledger ignores a
 * repeat and an older period). A failure throws, the event is not marked, and the provider retries.
 */
@injectable()
export class ApplyBillingEvent {
  constructor(
    @inject(PROCESSED_EVENT_STORE) private readonly processed: ProcessedEventStore,
    @inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
    @inject(CHECKOUT_SESSION_REPOSITORY) private readonly checkouts: CheckoutSessionRepository,
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(PurchaseOutcomes) private readonly outcomes: PurchaseOutcomes,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(event: BillingEvent): Promise<EventOutcome> {
    if (await this.processed.has(event.eventId)) return 'duplicate';
    const outcome = await this.apply(event);
    await this.processed.add(event.eventId, event.kind === 'ignored' ? event.type : event.kind);
    return outcome;
  }

  private async apply(event: BillingEvent): Promise<EventOutcome> {
    if (event.kind === 'ignored') return 'ignored';
    const userId = await this.userOf(event.customerId);
    if (!userId) {
      // Another integration on the same provider account, or a customer made outside the app.
      this.logger.warn({ eventId: event.eventId, kind: event.kind }, 'billing event for an unknown customer ignored');
      return 'ignored';
    }
    switch (event.kind) {
      case 'checkout-completed':
        return this.checkoutCompleted(userId, event);
      case 'period-paid':
        return this.periodPaid(userId, event);
      case 'plan-change-paid':
        return this.planChangePaid(userId, event);
      case 'subscription-changed':
        await this.sync(userId, event.subscriptionId);
        return 'applied';
    }
  }

  private async checkoutCompleted(userId: string, event: Extract<BillingEvent, { kind: 'checkout-completed' }>): Promise<EventOutcome> {
    if (event.mode === 'payment') {
      if (!event.paid) return 'ignored'; // its async_payment_succeeded event comes later
      const result = await this.outcomes.creditTokens.execute({ sessionId: event.sessionId, amountPaidCents: event.amountTotalCents });
      if (result.reason === 'unknown-session') this.logger.warn({ sessionId: event.sessionId }, 'paid checkout not opened by this app; nothing credited');
      return 'applied';
    }
    if (event.mode === 'subscription' && event.subscriptionId) await this.sync(userId, event.subscriptionId);
    if (event.mode === 'setup' && event.setupRef) await this.outcomes.completeCardSetup.execute({ userId, setupRef: event.setupRef });
    await this.checkouts.close(event.sessionId, 'completed', this.clock.now());
    return 'applied';
  }

  private async periodPaid(userId: string, event: Extract<BillingEvent, { kind: 'period-paid' }>): Promise<EventOutcome> {
    // Also links the subscription when this comes before checkout.session.completed.
    const snapshot = await this.sync(userId, event.subscriptionId);
    const planTokens = event.planTokens ?? (await this.tokensOfPrice(event.priceId, snapshot));
    if (planTokens === null) throw new Error(`no token count for price ${event.priceId ?? '(none)'} of invoice ${event.invoiceId}: set metadata.tokens on the price`);
    await this.outcomes.startPaidPeriod.execute({
      userId,
      subscriptionId: event.subscriptionId,
      sourceKey: event.invoiceId,
      period: { start: event.periodStart, end: event.periodEnd },
      planType: snapshot?.planType ?? null,
      planTokens,
      payedUsdCents: event.amountPaidCents,
    });
    return 'applied';
  }

  /**
   * The credit line names the plan left, the charged line the plan taken; an upgrade's tokens are
   * granted keyed by the invoice (ChangePlan may have granted them already). Anything else (a
   * downgrade prorated in Stripe's dashboard, a quantity change) only refreshes the subscription.
   */
  private async planChangePaid(userId: string, event: Extract<BillingEvent, { kind: 'plan-change-paid' }>): Promise<EventOutcome> {
    await this.sync(userId, event.subscriptionId);
    const prices = await callGateway(() => this.gateway.prices());
    const planOf = (priceId: string | null) => prices.find((price) => price.providerPriceId === priceId && isPlanType(price.priceType)) ?? null;
    const taken = event.lines.find((line) => line.amountCents > 0 && planOf(line.priceId));
    const left = event.lines.find((line) => line.amountCents < 0 && planOf(line.priceId));
    const to = planOf(taken?.priceId ?? null);
    const from = planOf(left?.priceId ?? null);
    if (!taken || !to || !from || !isPlanType(to.priceType) || to.tokens <= from.tokens) {
      this.logger.info({ eventId: event.eventId, invoiceId: event.invoiceId }, 'plan change invoice with no upgrade to grant');
      return 'applied';
    }
    await this.outcomes.grantUpgrade.execute({
      userId,
      invoiceId: event.invoiceId,
      fromTokens: from.tokens,
      toPlan: to.priceType,
      toTokens: to.tokens,
      periodEnd: taken.periodEnd,
      amountPaidCents: event.amountPaidCents,
    });
    return 'applied';
  }

  private async sync(userId: string, subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const snapshot = await callGateway(() => this.gateway.retrieveSubscription(subscriptionId));
    if (snapshot) await this.outcomes.recordSubscription.execute(userId, snapshot);
    return snapshot;
  }

  private async tokensOfPrice(priceId: string | null, snapshot: SubscriptionSnapshot | null): Promise<number | null> {
    if (snapshot && (priceId === null || snapshot.planPriceId === priceId) && snapshot.planTokens !== null) return snapshot.planTokens;
    const price = (await callGateway(() => this.gateway.prices())).find((candidate) => candidate.providerPriceId === priceId);
    return price?.tokens ?? null;
  }

  private async userOf(customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    return (await this.customers.findByCustomerId(providerOf(this.gateway), customerId))?.userId ?? null;
  }
}
