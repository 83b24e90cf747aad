import type { CheckoutSession } from '../domain/checkout-session.js';
import { centsToDollars, isPlanType, PLAN_NAMES } from '../domain/price.js';
import { escapeHtml } from '../../../platform/http/escape-html.js';
import { htmlPage } from '../../../platform/http/html-page.js';

const whole = (value: number) => value.toLocaleString('en-US');
const money = (cents: number) => `$${(Math.round(cents) / 100).toFixed(2)}`;
/** A unit price keeps its sub-cent digits ($0.0025), with at least two decimals. */
const unitMoney = (cents: number) => `$${centsToDollars(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

/** What is being bought, in words. */
export function describeItem(session: CheckoutSession): { title: string; detail: string } {
  if (session.mode === 'subscription') {
    const plan = isPlanType(session.priceType) ? PLAN_NAMES[session.priceType] : 'Subscription';
    return { title: `${plan} plan, monthly`, detail: `${whole(session.tokens)} tokens every month · ${money(session.totalCents)} per month, renews monthly until canceled` };
  }
  if (session.mode === 'payment') {
    return { title: `${whole(session.tokens)} extra tokens`, detail: `${whole(session.quantity)} × ${unitMoney(session.unitAmountCents)} per token · never expire` };
  }
  return { title: 'Save a card for future payments', detail: 'The test card Visa •••• 4242 becomes your payment method. Nothing is charged now.' };
}

/** A card setup takes no money ($0, setup mode): its button saves the card; real payments say Pay. */
export const submitLabel = (session: CheckoutSession) => (session.mode === 'setup' ? 'Save card' : 'Pay');

export type LocalPageState = 'open' | 'completed' | 'cancelled' | 'expired' | 'already-subscribed' | 'not-found';

const NOTES: Record<Exclude<LocalPageState, 'open'>, string> = {
  completed: 'This checkout is already paid.',
  cancelled: 'This checkout was canceled. Start a new one from the app.',
  expired: 'This checkout has expired. Start a new one from the app.',
  'already-subscribed': 'You already have an active subscription, so this one cannot be paid. Cancel the current subscription first.',
  'not-found': 'There is no such checkout.',
};

/**
 * The embedded gateway's payment page: no script (the app's CSP forbids it); two forms posting to
 * this same page's Pay (Save card for a card setup) and Cancel. Clearly marked as test mode: nothing is charged.
 */
export function renderLocalCheckoutPage(state: LocalPageState, session: CheckoutSession | null): string {
  const item = session ? describeItem(session) : null;
  const base = session ? `/local-checkout/${encodeURIComponent(session.id)}` : '';
  const body =
    state === 'open' && session && item
      ? `<h1>${escapeHtml(item.title)}</h1>
<p class="detail">${escapeHtml(item.detail)}</p>
<p class="total">Total due today: <strong>${money(session.totalCents)}</strong></p>
<div class="actions">
<form method="post" action="${base}/pay"><button type="submit" class="pay">${submitLabel(session)}</button></form>
<form method="post" action="${base}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>`
      : `<h1>Checkout</h1>
${item ? `<p class="detail">${escapeHtml(item.title)}</p>` : ''}
<p class="note">${escapeHtml(NOTES[state === 'open' ? 'not-found' : state])}</p>
${session && state !== 'not-found' ? `<div class="actions"><form method="post" action="${base}/cancel"><button type="submit" class="cancel">Back to the app</button></form></div>` : ''}`;
  return htmlPage({
    title: 'TEST MODE · Mailscribe checkout',
    css: `  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
  .banner { background: #b45309; color: #fff; text-align: center; font-weight: 700; letter-spacing: .08em; padding: 10px; }
  main { background: #fff; max-width: 460px; margin: 40px auto; padding: 32px; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
  .detail, .note { color: #57606a; line-height: 1.5; }
  .total { font-size: 1.15rem; margin: 24px 0; }
  .actions { display: flex; gap: 12px; }
  button { font: inherit; padding: 10px 20px; border-radius: 6px; border: 1px solid #d0d7de; cursor: pointer; }
  .pay { background: #1f6feb; border-color: #1f6feb; color: #fff; }
  .cancel { background: #fff; }`,
    body: `<div class="banner">TEST MODE</div>
<main>
<p class="note">Local test checkout (BILLING=local): no payment is taken and no card is charged.</p>
${body}
</main>`,
  });
}
