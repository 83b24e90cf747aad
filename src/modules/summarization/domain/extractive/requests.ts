import type { MailKind } from '../../../../text/mail-kind.js';
import { withoutPointer } from './boilerplate.js';
import { IF_NOT_YOU, IMPERATIVE_START, NOT_A_REQUEST, REQUEST, SECURITY_NOTICE } from './mail-cues.js';
import type { Unit } from './units.js';

const ASKS = /\b(?:you|we|czy|können|könnten|kannst|hast du|haben sie|vous|pouvez|usted|puede|puedes)\b/iu;

/**
 * Whether a unit asks the reader to do something. A pointer ("Please find our quotation below.") is
 * not a request; footers and shop talk are not either. A receipt or a booking asks only with a date.
 */
export function isRequest(unit: Unit, kind: MailKind): boolean {
  if (unit.shape === 'greeting' || unit.shape === 'heading' || NOT_A_REQUEST.test(unit.text)) return false;
  if (kind === 'newsletter' || kind === 'bounce') return false;
  const asked = withoutPointer(unit.text);
  if (kind === 'receipt' || kind === 'booking') return REQUEST.test(asked) && (unit.facts.date || unit.facts.time);
  const question = /\?$/.test(unit.text) && ASKS.test(unit.text);
  return REQUEST.test(asked) || IMPERATIVE_START.test(unit.text) || question;
}

/**
 * Whether a mail is a security notice (a password reset, a sign-in alert, a changed payee), by its
 * subject or its text.
 */
export function isSecurityNotice(subject: string, units: readonly Unit[]): boolean {
  return SECURITY_NOTICE.test(subject) || units.some((unit) => SECURITY_NOTICE.test(unit.text));
}

/**
 * In a security notice, what to do if it was not the reader ("If you did not request this, ignore this
 * email", "If this wasn't you, contact us at 0800 123 4567"): what the reader needs, kept as an action
 * item even when it names a contact or says to do nothing, which would not count as a request elsewhere.
 */
export function isSecurityAdvice(unit: Unit): boolean {
  return unit.shape !== 'greeting' && unit.shape !== 'heading' && IF_NOT_YOU.test(unit.text);
}
