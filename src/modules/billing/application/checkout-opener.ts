import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../../../shared/clock.js';
import { randomToken } from '../../../shared/ids.js';
import { isReusable, type CheckoutMode } from '../domain/checkout-session.js';
import { totalCents, type Price } from '../domain/price.js';
import { callGateway } from './call-gateway.js';
import { CustomerAccounts } from './customer-accounts.js';
import { idempotencyKey } from './idempotency-key.js';
import { CHECKOUT_SESSION_REPOSITORY, type CheckoutSessionRepository } from './ports/checkout-session.repository.port.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './ports/payment-gateway.port.js';
import { providerOf } from './provider-of.js';

export interface CheckoutInput {
  userId: string;
  email: string;
  mode: CheckoutMode;
  price: Price | null;
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  /** See idempotency-key.ts. */
  nonce: string;
}

/**
 * Opens a checkout at the provider and keeps a record of what it offers, so that its completion
 * credits exactly that. A repeated request (same nonce) gets the same open checkout back.
 */
@injectable()
export class CheckoutOpener {
  constructor(
    @inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @inject(CHECKOUT_SESSION_REPOSITORY) private readonly checkouts: CheckoutSessionRepository,
    @inject(CustomerAccounts) private readonly customers: CustomerAccounts,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async open(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    const provider = providerOf(this.gateway);
    const customer = await this.customers.ensure(input.userId, input.email);
    const params = { mode: input.mode, price: input.price?.providerPriceId ?? null, quantity: input.quantity };
    let key = idempotencyKey({ intent: `checkout-${input.mode}`, userId: input.userId, params, nonce: input.nonce });
    const previous = await this.checkouts.findByIdempotencyKey(key);
    if (previous && isReusable(previous, this.clock.now())) return { sessionId: previous.id, url: previous.url };
    // The same request after that checkout was paid or cancelled is a new purchase: a fresh key.
    if (previous) key = `${key}_${randomToken(6)}`;

    const opened = await callGateway(() =>
      this.gateway.createCheckout({
        mode: input.mode,
        userId: input.userId,
        customerId: customer.customerId,
        price: input.price,
        quantity: input.quantity,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        idempotencyKey: key,
      }),
    );
    const stored = await this.checkouts.add({
      id: opened.sessionId,
      userId: input.userId,
      provider,
      mode: input.mode,
      priceType: input.price?.priceType ?? null,
      quantity: input.quantity,
      tokens: input.price ? input.price.tokens * input.quantity : 0,
      unitAmountCents: input.price?.unitAmountCents ?? 0,
      totalCents: input.price ? totalCents(input.price, input.quantity) : 0,
      url: opened.url,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      status: 'open',
      idempotencyKey: key,
      expiresAt: opened.expiresAt,
      createdAt: this.clock.now(),
      completedAt: null,
    });
    return { sessionId: stored.id, url: stored.url };
  }
}
