// Human messages for the server's validation errors. The API keeps its codes and its terse field
// messages ("tokenAmount: must be at most 1,000,000", docs/api.md § Errors); the app never shows those
// as they are. This is the one place that turns them into sentences.

/** A failing field as the server lists it in `error.details`. */
export type FieldError = { path: string; message: string };

/** What each request field the app sends is called on screen. */
const FIELD_LABELS: Record<string, string> = {
  tokenAmount: 'The token amount',
  priceType: 'The plan',
  email: 'The email address',
  title: 'The document name',
  docName: 'The document name',
  description: 'The description',
  allowedEmails: 'The source emails',
  overwriteAtBeginning: 'The content placement',
};

/** Whole sentences for the rules the user can break from the app's forms. */
const FIELD_RULES: { path: string; rule: RegExp; message: (match: RegExpMatchArray) => string }[] = [
  { path: 'tokenAmount', rule: /^must be at most ([\d,.]+)$/, message: ([, max]) => `You can buy at most ${max} tokens at once.` },
  { path: 'tokenAmount', rule: /^must be at least ([\d,.]+)$/, message: ([, min]) => `Buy at least ${min} token${min === '1' ? '' : 's'}.` },
  { path: 'tokenAmount', rule: /^must be a whole number/, message: () => 'Enter a whole number of tokens.' },
  { path: 'tokenAmount', rule: /^must be a number$/, message: () => 'Enter how many tokens to buy.' },
  { path: 'email', rule: /^must be an email address$/, message: () => 'Enter a valid email address, like name@example.com.' },
  { path: 'priceType', rule: /^must be /, message: () => 'Choose one of the plans.' },
];

const GENERIC = 'Some of what you entered was not accepted. Check the form and try again.';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** One failing field as a sentence a user can act on. */
export function humanFieldMessage({ path, message }: FieldError): string {
  const text = message.trim();
  for (const entry of FIELD_RULES) {
    const match = entry.path === path ? text.match(entry.rule) : null;
    if (match) return entry.message(match);
  }
  // The domain's own messages are already sentences ("A document can allow at most 100 source emails.").
  if (/^[A-Z]/.test(text)) return sentence(text);
  const label = FIELD_LABELS[path];
  return label && text !== '' ? sentence(`${label} ${text}`) : GENERIC;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'path') === 'string' && typeof Reflect.get(value, 'message') === 'string';
}

/**
 * The message to show for an error body's `{ code, message, details }`: validation errors become
 * sentences (from `details`, or from a "field: rule" message when there are none); any other message
 * is the server's own, already written for users.
 */
export function humanErrorMessage(error: { code?: unknown; message: string; details?: unknown }): string {
  const details = Array.isArray(error.details) ? error.details.filter(isFieldError) : [];
  if (details.length > 0) return details.map(humanFieldMessage).join(' ');
  const fieldRule = /^([A-Za-z][\w.]*): (.+)$/.exec(error.message);
  if (fieldRule && (error.code === 'REQUEST.INVALID' || error.code === 'DOCUMENT.INVALID')) {
    return humanFieldMessage({ path: fieldRule[1] ?? '', message: fieldRule[2] ?? '' });
  }
  return error.message;
}
