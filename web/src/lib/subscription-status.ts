// The signed-in user's subscription (GET /api/subscription/status): read by the subscription guard
// and the settings page. The answer is checked field by field; a missing field gets a safe default.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { isRecord } from './answer-checks';
import { subscriptionKeys } from './query-keys';

import type { PlanType } from '@contract/billing';
import type { SubscriptionState as ContractSubscriptionState, SubscriptionStatus as ContractSubscriptionStatus } from '@contract/subscription';

export type { PlanType };

/**
 * The contract's states, and any other string: 'none' and 'active' are named by the spec; every other
 * value counts as canceled (spec §3), including one a newer server might send.
 */
export type SubscriptionState = ContractSubscriptionState | (string & {});

/** The HTTP contract's status, with the state kept open as above. */
export type SubscriptionStatus = Omit<ContractSubscriptionStatus, 'subscriptionStatus'> & { subscriptionStatus: SubscriptionState };

const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toSubscriptionStatus(body: unknown): SubscriptionStatus {
  if (!isRecord(body)) throw new Error('GET /api/subscription/status answered without a status.');
  const planType = body['planType'];
  return {
    isActive: body['isActive'] === true,
    subscriptionStatus: typeof body['subscriptionStatus'] === 'string' ? body['subscriptionStatus'] : 'none',
    cancelAtPeriodEnd: body['cancelAtPeriodEnd'] === true,
    currentPeriodEnd: stringOrNull(body['currentPeriodEnd']),
    monthlyPrice: numberOr(body['monthlyPrice'], null),
    paymentEmail: stringOrNull(body['paymentEmail']),
    subscriptionTokens: numberOr(body['subscriptionTokens'], 0),
    maxSubscriptionTokens: numberOr(body['maxSubscriptionTokens'], 0),
    additionalTokens: numberOr(body['additionalTokens'], 0),
    planType: planType === 'monthlyBasic' || planType === 'monthlyPro' ? planType : null,
    billingDisabled: body['billingDisabled'] === true,
  };
}

/** GET /api/subscription/status. */
export async function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return toSubscriptionStatus(await api.get('subscription/status', signal ? { signal } : {}).json<unknown>());
}

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    meta: { errorMessage: 'Could not load the subscription status.' },
  });

/** The subscription (the subscription guard, the settings page). A failed reload keeps the last answer. */
export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions());
}

/** The plans' display names (spec §1). */
export const PLAN_NAMES: Record<PlanType, string> = { monthlyBasic: 'Basic', monthlyPro: 'Professional' };
