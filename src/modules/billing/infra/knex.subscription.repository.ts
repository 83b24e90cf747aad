import type { Database } from '../../../platform/db/database.js';
import type { SubscriptionRepository } from '../application/ports/subscription.repository.port.js';
import type { Period } from '../domain/billing-period.js';
import { isPlanType } from '../domain/price.js';
import { isSubscriptionStatus, type BillingProvider, type Subscription, type SubscriptionSnapshot } from '../domain/subscription.js';

interface SubscriptionRow {
  user_id: string;
  provider: BillingProvider;
  subscription_id: string;
  customer_id: string;
  status: string;
  plan_type: string | null;
  plan_tokens: number | null;
  plan_price_id: string | null;
  monthly_price_cents: number | null;
  cancel_at_period_end: boolean;
  current_period_start: Date | null;
  current_period_end: Date | null;
  provider_created_at: Date;
  updated_at: Date;
}

const TABLE = 'billing_subscriptions';

export class KnexSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<Subscription | null> {
    const row = (await this.db(TABLE).where({ user_id: userId }).first()) as SubscriptionRow | undefined;
    return row ? toSubscription(row) : null;
  }

  async record(userId: string, provider: BillingProvider, snapshot: SubscriptionSnapshot): Promise<Subscription | null> {
    const row = {
      user_id: userId,
      provider,
      subscription_id: snapshot.subscriptionId,
      customer_id: snapshot.customerId,
      status: snapshot.status,
      plan_type: snapshot.planType,
      plan_tokens: snapshot.planTokens,
      plan_price_id: snapshot.planPriceId,
      monthly_price_cents: snapshot.monthlyPriceCents === null ? null : Math.round(snapshot.monthlyPriceCents),
      cancel_at_period_end: snapshot.cancelAtPeriodEnd,
      current_period_start: snapshot.currentPeriodStart,
      current_period_end: snapshot.currentPeriodEnd,
      provider_created_at: snapshot.createdAt,
      updated_at: new Date(),
    };
    // One statement decides: the same subscription is updated, a newer one replaces, an older one is
    // left out. A period already stored further ahead (a later invoice.paid) is kept.
    await this.db(TABLE)
      .insert(row)
      .onConflict('user_id')
      .merge({
        ...row,
        current_period_start: this.db.raw(`CASE WHEN ${TABLE}.subscription_id = excluded.subscription_id AND ${TABLE}.current_period_end > excluded.current_period_end THEN ${TABLE}.current_period_start ELSE excluded.current_period_start END`),
        current_period_end: this.db.raw(`CASE WHEN ${TABLE}.subscription_id = excluded.subscription_id AND ${TABLE}.current_period_end > excluded.current_period_end THEN ${TABLE}.current_period_end ELSE excluded.current_period_end END`),
      })
      .whereRaw(`${TABLE}.subscription_id = excluded.subscription_id OR ${TABLE}.provider_created_at <= excluded.provider_created_at OR ${TABLE}.provider <> excluded.provider`);
    return this.find(userId);
  }

  async advancePeriod(userId: string, subscriptionId: string, period: Period): Promise<boolean> {
    const updated = await this.db(TABLE)
      .where({ user_id: userId, subscription_id: subscriptionId })
      .andWhere((query) => query.whereNull('current_period_end').orWhere('current_period_end', '<', period.end))
      .update({ current_period_start: period.start, current_period_end: period.end, updated_at: new Date() });
    return updated > 0;
  }
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    userId: row.user_id,
    provider: row.provider,
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    // Stored from a provider's answer: an unknown status is kept out of `active`, never guessed into it.
    status: isSubscriptionStatus(row.status) ? row.status : 'incomplete',
    planType: isPlanType(row.plan_type) ? row.plan_type : null,
    planTokens: row.plan_tokens,
    planPriceId: row.plan_price_id,
    monthlyPriceCents: row.monthly_price_cents,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    createdAt: row.provider_created_at,
    updatedAt: row.updated_at,
  };
}
