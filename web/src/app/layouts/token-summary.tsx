import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { heldMailsText, tokenLevel, useTokenState, type TokenState } from '@/lib/token-state';
import './token-panel.css';

/** The balance in one line, e.g. "1,234 tokens": the plan's tokens left plus the additional ones. */
export function tokenSummaryText(state: { subscriptionTokens: number; additionalTokens: number; unlimited: boolean } | undefined): string {
  if (!state) return 'Tokens';
  if (state.unlimited) return 'Unlimited tokens';
  const total = state.subscriptionTokens + state.additionalTokens;
  return `${total.toLocaleString()} ${total === 1 ? 'token' : 'tokens'}`;
}

/** What follows the balance when it needs attention, in words (the colour repeats it): "low", "2 mails waiting". */
export function tokenSummaryMark(state: TokenState | undefined): string | null {
  if (!state) return null;
  const level = tokenLevel(state);
  if (state.heldMails > 0) return heldMailsText(state.heldMails);
  return level === 'warning' ? 'low' : null;
}

/**
 * The token panel folded to one line for small screens (shown by dashboard-layout.css below 768 px):
 * pressing it opens the menu drawer at the full panel.
 */
export const TokenSummaryButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function TokenSummaryButton(props, ref) {
  const { data } = useTokenState();
  const mark = tokenSummaryMark(data);
  return (
    <button ref={ref} type="button" className="dashboard-header__tokens" data-level={data ? tokenLevel(data) : 'normal'} {...props}>
      <svg className="line-icon dashboard-header__tokens-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 7.5v9M9.5 10h3.8a1.7 1.7 0 0 1 0 3.4H10.7a1.7 1.7 0 0 0 0 3.4" />
      </svg>
      {tokenSummaryText(data)}
      {mark ? <span className="token-summary__mark">· {mark}</span> : null}
    </button>
  );
});
