import { createHash } from 'node:crypto';
import { MINUTE_MS } from '../../../shared/clock.js';

/**
 * Idempotency keys for the provider's write calls. The provider (Stripe) remembers a key for 24 hours
 * and answers a repeated key with the first answer, without acting again. A key is
 *
 *   ms_<intent>_<user id>_<digest of the parameters>_<nonce>
 *
 * - intent and user: two different operations never share a key;
 * - parameter digest: the same key is never sent with other parameters (Stripe refuses that);
 * - nonce: what makes a *new* request differ from a *repeated* one:
 *   - the client's `Idempotency-Key` header when it sends one (a browser retry repeats it);
 *   - otherwise a one-minute time bucket: a double click or an immediate retry gets the same checkout,
 *     a purchase a minute later is a new one;
 *   - for state toggles (cancel, reactivate) the stored subscription's version (its updated time), so
 *     cancel → reactivate → cancel are three calls, while two concurrent clicks are one;
 *   - for a customer, a constant: a user has one customer per provider, ever;
 *   - for work driven by a provider event, the provider's own id (setup intent), so redelivery repeats.
 * The SDK re-sends the same key on its own network retries.
 */
export function idempotencyKey(input: { intent: string; userId: string; params: unknown; nonce: string }): string {
  const digest = createHash('sha256').update(JSON.stringify(input.params ?? null)).digest('base64url').slice(0, 16);
  return `ms_${input.intent}_${input.userId}_${digest}_${input.nonce}`.slice(0, 255);
}

export const TIME_BUCKET_MS = MINUTE_MS;

const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The nonce of a user-initiated request: the client's key when usable, else the current minute. */
export function requestNonce(clientKey: string | null | undefined, now: Date): string {
  if (clientKey && CLIENT_KEY.test(clientKey)) return `c${clientKey}`;
  return `t${Math.floor(now.getTime() / TIME_BUCKET_MS)}`;
}
