import type { DevOutboxMail } from '../infra/dev-outbox.outbound-mail.js';
import { escapeHtml } from '../../../platform/http/escape-html.js';
import { htmlPage } from '../../../platform/http/html-page.js';

/** Links in a plain-text part, made clickable (the text is escaped first; only http(s) URLs become links). */
const linked = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The development outbox: the notification mails "sent" on an installation without SMTP, newest first. No script (strict CSP). */
export function renderDevOutboxPage(mails: readonly DevOutboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<article aria-label="${escapeHtml(mail.subject)}">
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · from ${escapeHtml(mail.from)} · ${escapeHtml(mail.sentAt.toISOString())}</p>
<pre>${linked(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return htmlPage({
    title: 'Dev outbox · Mailscribe',
    css: `  body { font-family: system-ui, sans-serif; background: #f4f6fb; color: #1c2333; margin: 0 auto; max-width: 760px; padding: 24px; }
  .badge { display: inline-block; background: #fff4d6; color: #7a5200; font-size: .75rem; font-weight: 600; border-radius: 999px; padding: 2px 10px; }
  article { background: #fff; border-radius: 12px; box-shadow: 0 2px 10px rgba(20, 30, 60, .08); padding: 16px 20px; margin: 16px 0; }
  h2 { font-size: 1.05rem; margin: 0 0 4px; }
  .meta { color: #4a5468; font-size: .85rem; margin: 0 0 8px; }
  pre { white-space: pre-wrap; font: inherit; margin: 0; }`,
    body: `<span class="badge">Development only</span>
<h1>Outbox</h1>
<p>Notification emails this installation would have sent. Set NOTIFY_SMTP_URL to send them for real.</p>
${items || '<p>No emails yet.</p>'}`,
  });
}
