import { useId, useState, type ChangeEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { HTTPError } from 'ky';
import { MAX_TOKEN_PURCHASE } from '@contract/billing';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { assignLocation } from '@/lib/navigation';
import { fromOfState, rememberCheckoutReturn } from '@/lib/purchase-intent';
import { serverMessageOf } from '@/lib/server-message';
import { useCreateTokenCheckout } from '../api/create-token-checkout';
import { formatCount, formatUnitPrice } from '../utils/price-format';
import {
  DEFAULT_TOKEN_AMOUNT,
  formatTotal,
  parseTokenAmount,
  QUICK_SELECT_AMOUNTS,
  roundUpToUnit,
  TOKEN_AMOUNT_STEP,
} from '../utils/token-amount';

export const TOKEN_CHECKOUT_FAILED_MESSAGE = 'Failed to start checkout process. Please try again.';

/** docs/product.md § Messages and failures: the server's message, else the error's own message, else the generic text. */
async function checkoutFailureMessage(error: unknown): Promise<string> {
  const serverMessage = await serverMessageOf(error);
  if (serverMessage !== null) return serverMessage;
  // ky's own text for an answer without a message names the URL and status: not for users.
  if (error instanceof Error && !(error instanceof HTTPError) && error.message.trim() !== '') return error.message;
  return TOKEN_CHECKOUT_FAILED_MESSAGE;
}

type PurchaseTokensFormProps = {
  /** Dollars per token. */
  tokenPrice: number;
};

export function PurchaseTokensForm({ tokenPrice }: PurchaseTokensFormProps) {
  const inputId = useId();
  const hintId = useId();
  const limitId = useId();
  const chooseTitleId = useId();
  const summaryTitleId = useId();
  const [text, setText] = useState(String(DEFAULT_TOKEN_AMOUNT));
  const checkout = useCreateTokenCheckout();
  // Where the user was before this page (a "Buy tokens" link says so): the success page returns there.
  const from = fromOfState(useLocation().state);
  const [failure, setFailure] = useState<string | null>(null);
  // After success the browser is leaving for the checkout: everything stays disabled meanwhile.
  const processing = checkout.isPending || checkout.isSuccess;

  const amount = parseTokenAmount(text);
  const quantity = roundUpToUnit(amount);
  const total = formatTotal(quantity, tokenPrice);
  // Said at once, with the server's limit, rather than after a refused checkout.
  const tooMany = quantity > MAX_TOKEN_PURCHASE;

  function onAmountChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    // Negatives are clamped to 0 at once; other invalid text stays editable and counts as 0.
    setText(value.trim() !== '' && Number(value) < 0 ? '0' : value);
  }

  async function purchase() {
    try {
      const url = await checkout.mutateAsync(quantity);
      rememberCheckoutReturn(from);
      assignLocation(url);
    } catch (error) {
      // Also when the answer's address cannot be opened: the form is usable again.
      checkout.reset();
      console.warn('Could not start the token checkout.', error);
      setFailure(await checkoutFailureMessage(error));
    }
  }

  return (
    <div className="purchase">
      <section className="card purchase__panel" aria-labelledby={chooseTitleId}>
        <h2 id={chooseTitleId} className="purchase__section-title">
          Choose an amount
        </h2>
        <p className="purchase__unit-price">
          Price per token <strong>{formatUnitPrice(tokenPrice)}</strong>
        </p>
        <div className="purchase__field">
          <label className="purchase__label" htmlFor={inputId}>
            Token amount
          </label>
          <input
            id={inputId}
            className="purchase__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_TOKEN_PURCHASE}
            step={TOKEN_AMOUNT_STEP}
            value={text}
            disabled={processing}
            aria-describedby={tooMany ? `${limitId} ${hintId}` : hintId}
            aria-invalid={tooMany || undefined}
            onChange={onAmountChange}
            onBlur={() => setText(String(amount))}
          />
          {tooMany ? (
            <p id={limitId} className="purchase__limit" role="alert">
              You can buy at most {formatCount(MAX_TOKEN_PURCHASE)} tokens at once.
            </p>
          ) : null}
          <p id={hintId} className="purchase__hint">
            One token is roughly one small email.
          </p>
        </div>
        <div className="purchase__quick" role="group" aria-label="Quick select">
          {QUICK_SELECT_AMOUNTS.map((value) => (
            <button
              key={value}
              type="button"
              className="button button--secondary purchase__quick-button"
              aria-pressed={amount === value}
              disabled={processing}
              onClick={() => setText(String(value))}
            >
              {formatCount(value)}
            </button>
          ))}
        </div>
      </section>

      <section className="card purchase__summary" aria-labelledby={summaryTitleId}>
        <h2 id={summaryTitleId} className="purchase__section-title">
          Summary
        </h2>
        <dl className="purchase__summary-list">
          <div className="purchase__summary-row">
            <dt>Tokens</dt>
            <dd>{formatCount(amount)}</dd>
          </div>
          {quantity !== amount ? (
            <div className="purchase__summary-row">
              <dt>You&apos;ll receive</dt>
              <dd>{formatCount(quantity)} tokens</dd>
            </div>
          ) : null}
          <div className="purchase__summary-row">
            <dt>Price per token</dt>
            <dd>{formatUnitPrice(tokenPrice)}</dd>
          </div>
          <div className="purchase__summary-row purchase__summary-row--total">
            <dt>Total</dt>
            <dd>{total}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={amount <= 0 || tooMany || processing}
          aria-busy={processing || undefined}
          onClick={() => void purchase()}
        >
          {processing ? 'Processing payment ...' : 'Purchase Tokens'}
        </button>
        <p className="purchase__hint">You pay on a secure checkout page. Tax included; purchases are non-refundable.</p>
      </section>

      {failure !== null ? <InformationDialog title="Checkout failed" message={failure} onClose={() => setFailure(null)} /> : null}
    </div>
  );
}
