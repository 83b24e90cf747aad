import { PaymentProviderUnavailableError } from '../../application/ports/payment-gateway.port.js';

interface StripeErrorLike {
  type: string;
  statusCode?: number;
  code?: string;
  message: string;
}

function isStripeError(error: unknown): error is StripeErrorLike {
  const type = error instanceof Error ? (error as Error & { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/** Stripe answered "no such object" (a subscription id that does not exist). */
export function isMissingResource(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

/** The card was declined (402 card_error): the user's to fix, not an outage. */
export function isCardDeclined(error: unknown): boolean {
  return isStripeError(error) && (error.type === 'StripeCardError' || error.statusCode === 402);
}

/**
 * Calls Stripe; what a retry later may fix becomes PaymentProviderUnavailableError (the user sees
 * "try again"). Invalid requests and bad keys stay errors: they are bugs or misconfiguration, logged
 * as such.
 */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    const transient =
      error.type === 'StripeConnectionError' ||
      error.type === 'StripeAPIError' ||
      error.type === 'StripeRateLimitError' ||
      // 409: the same key is still in flight. Any other idempotency error is a key reused with other
      // parameters: a bug, not an outage.
      (error.type === 'StripeIdempotencyError' && error.statusCode === 409) ||
      (error.statusCode ?? 0) >= 500 ||
      error.statusCode === 429;
    if (transient) throw new PaymentProviderUnavailableError(`Stripe: ${error.type} ${error.statusCode ?? ''} ${error.message}`.trim(), { cause: error });
    throw error;
  }
}
