import type { Period } from './billing-period.js';
import type { Price } from './price.js';
import { HOUR_MS } from '../../../shared/clock.js';

/**
 * Basic ↔ Professional while subscribed. An upgrade applies at once and is charged pro rata for the
 * rest of the period (its tokens arrive with that payment); a downgrade changes the price with no
 * proration: the period already paid keeps its tokens and the next renewal costs less.
 */
export type PlanChangeDirection = 'upgrade' | 'downgrade';

/** The dearer plan (more tokens when the prices tie) is the upgrade. */
export function planChangeDirection(from: Pick<Price, 'unitAmountCents' | 'tokens'>, to: Pick<Price, 'unitAmountCents' | 'tokens'>): PlanChangeDirection {
  if (to.unitAmountCents !== from.unitAmountCents) return to.unitAmountCents > from.unitAmountCents ? 'upgrade' : 'downgrade';
  return to.tokens > from.tokens ? 'upgrade' : 'downgrade';
}

/** Tokens an upgrade adds to this period's bucket: the difference between the plans, never negative. */
export function upgradeTokens(fromTokens: number, toTokens: number): number {
  return Math.max(0, toTokens - fromTokens);
}

/**
 * What an upgrade costs at `at` the way Stripe prorates: the new price for the rest of the period minus
 * the unused rest of the old one, each rounded to whole cents; never below zero.
 */
export function proratedUpgradeCents(fromCents: number, toCents: number, period: Period, at: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  const left = Math.min(1, Math.max(0, (period.end.getTime() - at.getTime()) / length));
  return Math.max(0, Math.round(toCents * left) - Math.round(fromCents * left));
}

/**
 * The moment an upgrade is priced at: the one the preview quoted, when it is still within the period and
 * at most an hour old (so the charge equals what the screen said), else now. Whole seconds, as Stripe's.
 */
export function prorationMoment(quoted: Date | null, now: Date, period: Period | null): Date {
  const seconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
  if (!quoted || Number.isNaN(quoted.getTime())) return seconds(now);
  const fresh = quoted.getTime() <= now.getTime() + 5_000 && quoted.getTime() >= now.getTime() - HOUR_MS;
  const inPeriod = !period || (quoted >= period.start && quoted < period.end);
  return fresh && inPeriod ? seconds(new Date(Math.min(quoted.getTime(), now.getTime()))) : seconds(now);
}
