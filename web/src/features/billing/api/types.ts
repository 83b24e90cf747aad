// The billing answers only billing reads. Prices are shared with the landing page: see lib/prices.
import { isRecord } from '@/lib/answer-checks';

/** The `url` of a checkout answer; a missing one is a failed call (its message may be shown to the user). */
export function toCheckoutUrl(body: unknown, call: string): string {
  const url = isRecord(body) ? body['url'] : undefined;
  if (typeof url !== 'string' || url === '') {
    throw new Error('The checkout page could not be opened.', { cause: `${call} answered without a url.` });
  }
  return url;
}
