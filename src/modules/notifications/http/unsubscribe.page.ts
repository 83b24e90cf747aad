import { escapeHtml } from '../../../platform/http/escape-html.js';
import { htmlPage } from '../../../platform/http/html-page.js';

/** What each one-kind link switches off, as the confirmation page names it. */
const SCOPE_WORDS: Record<string, string> = {
  lowBalance: 'emails about your tokens running low',
  heldMail: 'emails about forwarded emails waiting for tokens',
  refusedSender: 'emails about senders that are not on a document\'s allowed list',
  failedMail: 'emails about emails that could not be processed',
  documentContinued: 'emails about documents continuing in a new Google Doc',
  all: 'all notification emails',
};

export type UnsubscribePageModel =
  | { state: 'confirm'; token: string; scope: string }
  | { state: 'done'; scope: string; settingsUrl: string }
  | { state: 'invalid'; settingsUrl: string };

function page(title: string, body: string): string {
  return htmlPage({
    title: `${title} · Mailscribe`,
    css: `  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1c2333; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 6px 24px rgba(20, 30, 60, .12); padding: 32px; width: min(460px, calc(100vw - 32px)); box-sizing: border-box; }
  h1 { font-size: 1.35rem; margin: 0 0 12px; }
  p { color: #4a5468; line-height: 1.45; }
  form { display: flex; flex-direction: column; gap: 10px; margin-top: 20px; }
  button { padding: 11px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid #c9d0de; background: #fff; }
  button.primary { background: #3056d3; border-color: #3056d3; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #8aa4f5; outline-offset: 2px; }`,
    body: `<main>
${body}
</main>`,
  });
}

/** The unsubscribe link's page: a confirmation (a GET never changes anything: link scanners open links), then the result. */
export function renderUnsubscribePage(model: UnsubscribePageModel): string {
  if (model.state === 'invalid') {
    return page(
      'Link not valid',
      `<h1>This unsubscribe link is not valid</h1>
<p>It may be incomplete. You can switch notification emails off in <a href="${escapeHtml(model.settingsUrl)}">Settings</a>.</p>`,
    );
  }
  const words = SCOPE_WORDS[model.scope] ?? SCOPE_WORDS.all ?? '';
  if (model.state === 'done') {
    return page(
      'Unsubscribed',
      `<h1>You are unsubscribed</h1>
<p>Mailscribe will no longer send you ${escapeHtml(words)}. You can switch them on again in <a href="${escapeHtml(model.settingsUrl)}">Settings</a>.</p>`,
    );
  }
  const action = `/unsubscribe?token=${encodeURIComponent(model.token)}`;
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop ${escapeHtml(words)}?</p>
<form method="post" action="${escapeHtml(action)}">
${model.scope === 'all' ? '' : '<button class="primary" type="submit" name="scope" value="this">Unsubscribe</button>\n'}<button${model.scope === 'all' ? ' class="primary"' : ''} type="submit" name="scope" value="all">Unsubscribe from all notification emails</button>
</form>`,
  );
}
