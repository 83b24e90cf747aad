import type { Database } from '../../../platform/db/database.js';
import type { CheckoutSessionRepository } from '../application/ports/checkout-session.repository.port.js';
import type { CheckoutMode, CheckoutSession, CheckoutStatus } from '../domain/checkout-session.js';
import { isPriceType } from '../domain/price.js';
import type { BillingProvider } from '../domain/subscription.js';

interface SessionRow {
  id: string;
  user_id: string;
  provider: BillingProvider;
  mode: CheckoutMode;
  price_type: string | null;
  quantity: number;
  tokens: number;
  unit_amount_cents: number;
  total_cents: number;
  url: string;
  success_url: string;
  cancel_url: string;
  status: CheckoutStatus;
  idempotency_key: string | null;
  expires_at: Date;
  created_at: Date;
  completed_at: Date | null;
}

const TABLE = 'billing_checkout_sessions';

export class KnexCheckoutSessionRepository implements CheckoutSessionRepository {
  constructor(private readonly db: Database) {}

  async add(session: CheckoutSession): Promise<CheckoutSession> {
    await this.db(TABLE)
      .insert({
        id: session.id,
        user_id: session.userId,
        provider: session.provider,
        mode: session.mode,
        price_type: session.priceType,
        quantity: session.quantity,
        tokens: session.tokens,
        unit_amount_cents: session.unitAmountCents,
        total_cents: session.totalCents,
        url: session.url,
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
        status: session.status,
        idempotency_key: session.idempotencyKey,
        expires_at: session.expiresAt,
        created_at: session.createdAt,
      })
      .onConflict('id')
      .ignore();
    const stored = await this.find(session.id);
    if (!stored) throw new Error(`checkout session ${session.id} vanished`);
    return stored;
  }

  async find(id: string): Promise<CheckoutSession | null> {
    const row = (await this.db(TABLE).where({ id }).first()) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  async findByIdempotencyKey(key: string): Promise<CheckoutSession | null> {
    const row = (await this.db(TABLE).where({ idempotency_key: key }).first()) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  async close(id: string, status: 'completed' | 'cancelled', at: Date): Promise<boolean> {
    const updated = await this.db(TABLE).where({ id, status: 'open' }).update({ status, completed_at: at });
    return updated > 0;
  }
}

function toSession(row: SessionRow): CheckoutSession {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    mode: row.mode,
    priceType: isPriceType(row.price_type) ? row.price_type : null,
    quantity: row.quantity,
    tokens: row.tokens,
    unitAmountCents: Number(row.unit_amount_cents),
    totalCents: row.total_cents,
    url: row.url,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}
