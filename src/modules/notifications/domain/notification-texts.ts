import type { NotificationFacts } from './notification-kind.js';

/** A mail ready to send: subject, plain text and HTML parts. */
export interface RenderedNotification {
  subject: string;
  text: string;
  html: string;
}

/** Where the mail's links lead: the app's public URL, and this mail's unsubscribe link. */
export interface NotificationLinks {
  publicUrl: string;
  unsubscribeUrl: string;
}

interface Draft {
  subject: string;
  /** Plain sentences; the HTML part wraps each in a paragraph. */
  lines: string[];
  action: { label: string; path: string };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const named = (name: string) => (name ? `"${name}"` : 'one of your documents');

function draftOf(facts: NotificationFacts): Draft {
  switch (facts.kind) {
    case 'balance-low':
      return {
        subject: 'Your Mailscribe tokens are running low',
        lines: [
          `You have ${plural(facts.tokensLeft, 'token', 'tokens')} left of the ${facts.allowance} in your plan this period.`,
          'When they run out, forwarded emails wait until tokens are added.',
        ],
        action: { label: 'Add tokens', path: '/dashboard/purchaseTokens' },
      };
    case 'balance-empty':
      return {
        subject: 'You have no Mailscribe tokens left',
        lines: ['Your tokens have run out. Forwarded emails now wait until tokens are added, and are processed then.'],
        action: { label: 'Add tokens', path: '/dashboard/purchaseTokens' },
      };
    case 'held-mail':
      return {
        subject: 'Forwarded emails are waiting for tokens',
        lines: [
          `${plural(facts.waiting, 'email is', 'emails are')} waiting because there are not enough tokens or no active plan.`,
          'They are processed as soon as tokens are added.',
        ],
        action: { label: 'Open Usage', path: '/dashboard/usage' },
      };
    case 'refused-sender':
      return {
        subject: `An email to ${facts.documentName ? `"${facts.documentName}"` : 'your document'} was not processed`,
        lines: [
          `${facts.senders.length === 1 ? 'A sender that is' : 'Senders that are'} not on the allowed list of ${named(facts.documentName)} sent an email: ${facts.senders.join(', ')}.`,
          'If you know the sender, you can allow it and process the email from the document page.',
        ],
        action: { label: 'Open the document', path: `/dashboard/doc/${encodeURIComponent(facts.documentId)}` },
      };
    case 'failed-mail':
      return {
        subject: 'An email could not be processed',
        lines: [
          `The email "${facts.subject || '(no subject)'}" to ${named(facts.documentName)} could not be processed${facts.reason ? `: ${facts.reason}` : '.'}`,
          'You can retry it from the document page.',
        ],
        action: { label: 'Open the document', path: `/dashboard/doc/${encodeURIComponent(facts.documentId)}` },
      };
    case 'document-continued':
      return {
        subject: `Your document ${named(facts.documentName)} continues in a new Google Doc`,
        lines: [
          `The linked document of ${named(facts.documentName)} was close to the size Google Docs allows, so new summaries now go to part ${facts.part}, a new linked document.`,
          'The earlier part keeps its summaries and ends with a link to the new one. The document page links every part.',
        ],
        action: { label: 'Open the document', path: `/dashboard/doc/${encodeURIComponent(facts.documentId)}` },
      };
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** The mail's text: short, plain, about the product only, with a link to the page that helps and the unsubscribe link. */
export function renderNotification(facts: NotificationFacts, links: NotificationLinks): RenderedNotification {
  const draft = draftOf(facts);
  const actionUrl = `${links.publicUrl}${draft.action.path}`;
  const settingsUrl = `${links.publicUrl}/settings`;
  const text = [
    ...draft.lines,
    '',
    `${draft.action.label}: ${actionUrl}`,
    '',
    '--',
    `You get this email because notifications are on in Mailscribe (${settingsUrl}).`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...draft.lines.map((line) => `<p>${escape(line)}</p>`),
    `<p><a href="${escape(actionUrl)}">${escape(draft.action.label)}</a></p>`,
    `<p style="color:#666;font-size:12px">You get this email because notifications are on in <a href="${escape(settingsUrl)}">Mailscribe</a>. `,
    `<a href="${escape(links.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: draft.subject, text, html };
}
