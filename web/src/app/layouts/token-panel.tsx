import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { heldMailsText, tokenLevel, tokensLeft, useTokenState, type TokenState } from '@/lib/token-state';
import '@/components/ui/icon-badge/icon-badge.css';
import './token-panel.css';

const formatCount = (value: number) => value.toLocaleString();

/** A dash stands in for a number that never loaded (the failure itself is only logged). */
const NO_VALUE = '—';

function Figures({ state }: { state: TokenState | null }) {
  const ratio = state && state.maxSubscriptionTokens > 0 ? Math.min(1, Math.max(0, state.subscriptionTokens / state.maxSubscriptionTokens)) : 0;
  return (
    <dl className="token-panel__figures">
      <div className="token-panel__figure">
        <dt>Subscription tokens</dt>
        <dd>{state ? `${formatCount(state.subscriptionTokens)} / ${formatCount(state.maxSubscriptionTokens)}` : NO_VALUE}</dd>
        <span className="token-panel__meter" aria-hidden="true">
          <span className="token-panel__meter-fill" style={{ width: `${ratio * 100}%` }} />
        </span>
      </div>
      <div className="token-panel__figure">
        <dt>Additional tokens</dt>
        <dd>{state ? formatCount(state.additionalTokens) : NO_VALUE}</dd>
      </div>
    </dl>
  );
}

/**
 * The balance's urgency in words, not only in colour: a warning at 10% of the period's allowance left,
 * an alert at none left or while mail waits for tokens (docs/api.md § Tokens).
 */
export function tokenPanelNote(state: TokenState): string | null {
  const level = tokenLevel(state);
  if (level === 'normal') return null;
  if (state.heldMails > 0) return `${heldMailsText(state.heldMails)} for tokens`;
  const left = tokensLeft(state);
  if (level === 'alert') return 'No tokens left. New mail waits until you add tokens.';
  return `Running low: ${formatCount(left)} ${left === 1 ? 'token' : 'tokens'} left.`;
}

function Note({ state }: { state: TokenState }) {
  const note = tokenPanelNote(state);
  if (!note) return null;
  return (
    <p className="token-panel__note">
      <span className="icon-badge token-panel__note-icon" aria-hidden="true">
        !
      </span>
      {note}
    </p>
  );
}

function Skeleton() {
  return (
    <div className="token-panel__loading" aria-hidden="true">
      <span className="pulse token-panel__skeleton" />
      <span className="pulse token-panel__skeleton token-panel__skeleton--short" />
    </div>
  );
}

/**
 * The token panel (docs/product.md § Dashboard): subscription tokens out of the maximum, additional tokens (or "Unlimited" when
 * billing is off) and "Get more tokens"; a warning or an alert in words when tokens run low or out
 * (tokenPanelNote). Loads on mount, again on every page change inside the
 * dashboard and whenever the window regains focus (refetch on focus); other code invalidates
 * tokenStateKeys.all.
 */
export function TokenPanel() {
  const { data, isPending, refetch } = useTokenState();
  const tokenState = data ?? null;
  const { pathname } = useLocation();

  useEffect(() => {
    // On mount this joins the first load instead of starting a second one.
    void refetch({ cancelRefetch: false });
  }, [pathname, refetch]);

  let balance;
  if (tokenState?.unlimited) balance = <p className="token-panel__unlimited">Unlimited</p>;
  else if (!isPending) balance = <Figures state={tokenState} />;
  else balance = <Skeleton />;
  const level = tokenState ? tokenLevel(tokenState) : 'normal';

  return (
    <section className="token-panel" data-level={level} aria-labelledby="token-panel-title" aria-busy={isPending}>
      <h2 id="token-panel-title" className="token-panel__title">
        Tokens
      </h2>
      {balance}
      {tokenState ? <Note state={tokenState} /> : null}
      <Link className="button button--secondary button--block" to={paths.purchaseTokens.getHref()}>
        Get more tokens
      </Link>
    </section>
  );
}
