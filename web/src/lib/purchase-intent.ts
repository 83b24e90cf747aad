// What a visitor chose before a purchase, kept across the sign-in and checkout round trips (this tab
// only): the plan picked on the landing page, preselected at plan selection; and the page a checkout
// began from, which the payment success page returns to.
import { toSafeReturnPath } from './return-path';
import { PLAN_TYPES } from './prices';
import type { PlanType } from '@contract/billing';

const CHOSEN_PLAN_KEY = 'mailscribe.chosenPlan';
const CHECKOUT_RETURN_KEY = 'mailscribe.checkoutReturn';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the plan is simply not preselected, the success page offers the dashboard.
  }
}

export function rememberChosenPlan(plan: PlanType): void {
  write(CHOSEN_PLAN_KEY, plan);
}

/** The plan picked on the landing page, if any; it stays until a checkout starts. */
export function chosenPlan(): PlanType | null {
  const value = read(CHOSEN_PLAN_KEY);
  return PLAN_TYPES.find((plan) => plan === value) ?? null;
}

/** Called as a checkout starts: the success page comes back to `path`; the landing page's choice is spent. */
export function rememberCheckoutReturn(path: string | null): void {
  write(CHECKOUT_RETURN_KEY, path === null ? null : toSafeReturnPath(path));
  write(CHOSEN_PLAN_KEY, null);
}

export function checkoutReturn(): string | null {
  return toSafeReturnPath(read(CHECKOUT_RETURN_KEY));
}

/** The `from` path a link put in the router state (`<Link state={{ from: path }}>`), if it is one of ours. */
export function fromOfState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from: unknown = Reflect.get(state, 'from');
  return typeof from === 'string' ? toSafeReturnPath(from) : null;
}
