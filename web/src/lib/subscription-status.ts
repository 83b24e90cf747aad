// The signed-in user's subscription (GET /api/subscription/status): read by the subscription guard
// and the settings page. The answer is checked field by field; a missing field gets a safe default.
import { api } from './api-client';

/** 'none' and 'active' are named by the spec; every other value counts as canceled (spec §3). */
export type SubscriptionState = 'none' | 'active' | 'canceled' | 'past_due' | (string & {});

export type PlanType = 'monthlyBasic' | 'monthlyPro';

export type SubscriptionStatus = {
  isActive: boolean;
  subscriptionStatus: SubscriptionState;
  cancelAtPeriodEnd: boolean;
  /** ISO date-time, or null when there is no billing period. */
  currentPeriodEnd: string | null;
  /** Dollars. */
  monthlyPrice: number | null;
  paymentEmail: string | null;
  subscriptionTokens: number;
  maxSubscriptionTokens: number;
  additionalTokens: number;
  planType: PlanType | null;
  /** The operator switched billing off: everyone counts as active, with unlimited tokens. */
  billingDisabled: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

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

/** The plans' display names (spec §1). */
export const PLAN_NAMES: Record<PlanType, string> = { monthlyBasic: 'Basic', monthlyPro: 'Professional' };
