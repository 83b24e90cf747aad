import { useId } from 'react';
import { LoadFailed } from '@/components/ui/load-failed/load-failed';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { PLAN_NAMES } from '@/lib/prices';
import { rememberChosenPlan } from '@/lib/purchase-intent';
import { monthlyPrice, perTokenPrice, tokenCount, type PlanOffer, type PricingView } from '../utils/pricing';
import { LandingLink } from './landing-navigation';
import { LandingSection } from './landing-section';
import { LANDING_SECTIONS } from './landing-sections';
import './pricing-section.css';

/** The plans' descriptions (docs/product.md § Plans, prices and tokens). */
const PLAN_DESCRIPTIONS: Record<PlanOffer['priceType'], string> = {
  monthlyBasic: 'Explore our core features with limited usage',
  monthlyPro: 'Full-featured plan',
};

function CheckIcon() {
  return (
    <svg className="pricing-card__check" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 10.5 3.2 3L15 6.5" />
    </svg>
  );
}

function PlanCard({ plan }: { plan: PlanOffer }) {
  const nameId = useId();
  const popular = plan.priceType === 'monthlyPro';

  return (
    <li className={`pricing-card${popular ? ' pricing-card--popular' : ''}`}>
      {popular ? <p className="pricing-card__badge">Most Popular</p> : null}
      <h3 id={nameId} className="pricing-card__name">
        {PLAN_NAMES[plan.priceType]}
      </h3>
      <p className="pricing-card__description">{PLAN_DESCRIPTIONS[plan.priceType]}</p>
      <p className="pricing-card__price">
        <span className="pricing-card__amount">{monthlyPrice(plan.price)}</span>
        <span className="pricing-card__period">/month</span>
      </p>
      <p className="pricing-card__per-token">{perTokenPrice(plan)} per token</p>
      <LandingLink
        to={paths.register.getHref()}
        className={`button button--large button--block ${popular ? 'button--primary' : 'button--secondary'}`}
        aria-describedby={nameId}
        // Carried through sign-up to plan selection, which preselects it.
        onClick={() => rememberChosenPlan(plan.priceType)}
      >
        Get Started
      </LandingLink>
      <ul className="pricing-card__features">
        <li>
          <CheckIcon />
          {tokenCount(plan.tokens)} tokens every month
        </li>
        <li>
          <CheckIcon />
          Every feature included
        </li>
        <li>
          <CheckIcon />
          Held mail processed as soon as tokens return
        </li>
        <li>
          <CheckIcon />
          Extra tokens whenever you need them
        </li>
      </ul>
    </li>
  );
}

type PricingProps = { view: PricingView; onRetry: () => void; retrying: boolean };

function PricingBody({ view, onRetry, retrying }: PricingProps) {
  if (view.kind === 'loading') {
    return (
      <div className="pricing__status" role="status">
        <Spinner size="medium" />
        <p>Loading pricing...</p>
      </div>
    );
  }
  if (view.kind === 'error') {
    return (
      <div className="pricing__status pricing__status--error">
        <LoadFailed message="Failed to load pricing information" onRetry={onRetry} retrying={retrying} compact />
      </div>
    );
  }
  if (view.kind === 'free') {
    return (
      <div className="pricing__free">
        <p>This installation does not charge for use: every feature is included, with no token limit.</p>
        <LandingLink to={paths.register.getHref()} className="button button--primary button--large">
          Get Started
        </LandingLink>
      </div>
    );
  }
  return (
    <>
      <ul className="pricing__plans">
        {view.plans.map((plan) => (
          <PlanCard key={plan.priceType} plan={plan} />
        ))}
      </ul>
      {view.singleToken ? (
        <div className="pricing__extra">
          <h3 className="pricing__extra-title">Need extra tokens ?</h3>
          <p className="pricing__extra-text">
            Top up at any time during a subscription, at <strong>{perTokenPrice(view.singleToken)} per token</strong>. Bought
            tokens never expire.
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The pricing section (docs/product.md § Landing page): the monthly plans from the live price list, extra tokens and how tokens are counted. */
export function PricingSection({ view, onRetry, retrying }: PricingProps) {
  return (
    <LandingSection
      section={LANDING_SECTIONS.pricing}
      eyebrow="Pricing"
      title="Simple, Transparent Pricing"
      subtitle="Choose the plan that fits your needs. No hidden fees, cancel anytime."
      note={<p className="pricing__tax">Tax included in prices</p>}
    >
      <PricingBody view={view} onRetry={onRetry} retrying={retrying} />
      <p className="pricing__note">
        <strong>How tokens are calculated:</strong> tokens are counted by the characters processed, one token per started 2,000
        characters. A small email uses one token; a 5,000-character email uses three. Subscription tokens renew every month and
        are used first.
      </p>
    </LandingSection>
  );
}
