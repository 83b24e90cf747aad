// The billing answers only billing reads: the HTTP contract's types (src/contract). Prices are shared
// with the landing page: see lib/prices.
import type { CheckoutResponse } from '@contract/billing';
import { AnswerMismatchError } from '@/lib/api-route';

export type { CheckoutOutcome, CheckoutResponse } from '@contract/billing';

/** The checkout page's url; an answer without one fails with a message fit to show the user. */
export async function checkoutUrlOf(answer: Promise<CheckoutResponse>): Promise<string> {
  try {
    return (await answer).url;
  } catch (error) {
    if (error instanceof AnswerMismatchError) throw new Error('The checkout page could not be opened.', { cause: error });
    throw error;
  }
}
