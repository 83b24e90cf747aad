import { escapeHtml } from '../../../platform/http/escape-html.js';
import { htmlPage } from '../../../platform/http/html-page.js';

export interface DevSignInPageModel {
  state: string;
  codeChallenge: string;
  redirectUri: string;
  email: string;
  name: string;
  grantDocs: boolean;
  error: string | null;
}

/** The local consent screen. Plain HTML with no script, so it works under the app's strict CSP. */
export function renderDevSignInPage(model: DevSignInPageModel): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return htmlPage({
    title: 'Dev sign-in · Mailscribe',
    css: `  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1c2333; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 6px 24px rgba(20, 30, 60, .12); padding: 32px; width: min(420px, calc(100vw - 32px)); box-sizing: border-box; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  .badge { display: inline-block; background: #fff4d6; color: #7a5200; font-size: .75rem; font-weight: 600; border-radius: 999px; padding: 2px 10px; margin-bottom: 12px; }
  p { color: #4a5468; margin: 0 0 20px; line-height: 1.45; }
  label { display: block; font-weight: 600; font-size: .9rem; margin-bottom: 14px; }
  input[type=email], input[type=text] { display: block; width: 100%; box-sizing: border-box; margin-top: 6px; padding: 10px 12px; border: 1px solid #c9d0de; border-radius: 8px; font: inherit; }
  .check { display: flex; gap: 8px; align-items: center; font-weight: 500; }
  .error { background: #fdecec; color: #9b1c1c; border-radius: 8px; padding: 10px 12px; margin-bottom: 16px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; padding: 11px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid #c9d0de; background: #fff; }
  button.primary { background: #3056d3; border-color: #3056d3; color: #fff; }
  button:focus-visible, input:focus-visible { outline: 3px solid #8aa4f5; outline-offset: 2px; }`,
    body: `<main>
  <span class="badge">Development sign-in</span>
  <h1>Sign in to Mailscribe</h1>
  <p>This local page stands in for Google's consent screen. Enter any email address to sign in as that user.</p>
  ${model.error ? `<div class="error" role="alert">${escapeHtml(model.error)}</div>` : ''}
  <form method="post" action="/oauth/dev/authorize">
    ${hidden('state', model.state)}
    ${hidden('code_challenge', model.codeChallenge)}
    ${hidden('redirect_uri', model.redirectUri)}
    <label>Email<input type="email" name="email" value="${escapeHtml(model.email)}" autocomplete="email" required></label>
    <label>Name<input type="text" name="name" value="${escapeHtml(model.name)}" autocomplete="name"></label>
    <label class="check"><input type="checkbox" name="grant_docs" value="on"${model.grantDocs ? ' checked' : ''}> Allow access to documents</label>
    <div class="actions">
      <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      <button type="submit" name="decision" value="allow" class="primary">Allow</button>
    </div>
  </form>
</main>`,
  });
}
