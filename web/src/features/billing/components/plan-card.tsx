import { useId } from 'react';
import { formatUsd } from '@/lib/format';
import { PLAN_NAMES, type PlanType } from '@/lib/subscription-status';
import { formatCount } from '../utils/price-format';
import type { PlanPrice } from '../api/get-plans';

const PLAN_DESCRIPTIONS: Record<PlanType, string> = {
  monthlyBasic: 'Explore our core features with limited usage',
  monthlyPro: 'Full-featured plan',
};

type PlanCardProps = {
  plan: PlanPrice;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
};

/** One plan as a radio option: name, description, monthly price, tokens per month and price per token. */
export function PlanCard({ plan, selected, disabled, onSelect }: PlanCardProps) {
  const nameId = useId();
  const detailsId = useId();
  const classes = ['plan-card', selected ? 'plan-card--selected' : '', disabled ? 'plan-card--disabled' : ''].filter(Boolean).join(' ');

  return (
    <label className={classes}>
      <input
        type="radio"
        name="plan"
        value={plan.priceType}
        className="plan-card__radio"
        checked={selected}
        disabled={disabled}
        onChange={onSelect}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
      />
      <span id={nameId} className="plan-card__name">
        {PLAN_NAMES[plan.priceType]}
      </span>
      <span id={detailsId} className="plan-card__details">
        <span className="plan-card__description">{PLAN_DESCRIPTIONS[plan.priceType]}</span>
        <span className="plan-card__price">
          {formatUsd(plan.price, 2)}
          <span className="plan-card__period">/ month</span>
        </span>
        <span className="plan-card__facts">
          <span>{formatCount(plan.tokens)} tokens per month</span>
          <span>{formatUsd(plan.price / plan.tokens, 4)} per token</span>
        </span>
      </span>
    </label>
  );
}
