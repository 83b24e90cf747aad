import type { CheckoutSession } from '../../domain/checkout-session.js';

export interface CheckoutSessionRepository {
  /** Stores a new session; a second add of the same id answers the stored one. */
  add(session: CheckoutSession): Promise<CheckoutSession>;
  find(id: string): Promise<CheckoutSession | null>;
  findByIdempotencyKey(key: string): Promise<CheckoutSession | null>;
  /** open → completed or cancelled, once: false when it was not open (paid twice, or cancelled). */
  close(id: string, status: 'completed' | 'cancelled', at: Date): Promise<boolean>;
}

export const CHECKOUT_SESSION_REPOSITORY = Symbol('CheckoutSessionRepository');
