import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { subscriptionStatusQueryOptions, type SubscriptionStatus } from '@/lib/subscription-status';
import { heldMailsText, tokenLevel, tokensLeft, useTokenState, type TokenState } from '@/lib/token-state';
import './token-banner.css';

/** Where "Buy tokens" goes: extra tokens with a plan, the plans without one (tokens need a plan). */
export function buyTokensHref(subscription: Pick<SubscriptionStatus, 'isActive' | 'billingDisabled'> | undefined): string {
  if (!subscription || subscription.isActive || subscription.billingDisabled) return paths.purchaseTokens.getHref();
  return paths.planSelection.getHref();
}

/** The banner's words before the link, or null when the balance is fine (tokenLevel). */
export function tokenBannerText(state: TokenState): string | null {
  const level = tokenLevel(state);
  if (level === 'normal') return null;
  if (state.heldMails > 0) return heldMailsText(state.heldMails);
  const left = tokensLeft(state);
  if (level === 'alert') return 'No tokens left';
  return `Only ${left.toLocaleString()} ${left === 1 ? 'token' : 'tokens'} left`;
}

/**
 * "N mails waiting — Buy tokens" on every signed-in page while mail waits for tokens, and a low-balance
 * notice at 10% of the period's allowance and at none left. It follows the token state, which live
 * updates refetch on every `balance` and `mail` event; the mail resumes by itself once tokens are added.
 */
export function TokenBanner() {
  const { data } = useTokenState();
  const text = data ? tokenBannerText(data) : null;
  // Asked only when the banner shows; the subscription guard has usually loaded it already.
  const { data: subscription } = useQuery({ ...subscriptionStatusQueryOptions(), enabled: text !== null });
  // The live region stays mounted so that a banner that appears is announced.
  return (
    <div className="token-banner" role="status">
      {data && text ? (
        <p className="token-banner__message" data-level={tokenLevel(data)}>
          {`${text} — `}
          <Link to={buyTokensHref(subscription)}>Buy tokens</Link>
        </p>
      ) : null}
    </div>
  );
}
