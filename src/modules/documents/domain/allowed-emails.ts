import { MAX_EMAIL_LENGTH, type RuleViolation } from './document-rules.js';

/** The spec's basic pattern: no spaces, exactly one @, a dot in the domain. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Allowed senders are compared lowercased and trimmed: mail systems treat addresses that way. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Where the email is checked matters: the create dialog accepts exactly 100 characters, the details
 * page only fewer (spec §5), and the server mirrors each.
 */
export type EmailCheckContext = 'create' | 'add';

export function checkEmail(raw: string, context: EmailCheckContext): RuleViolation | null {
  const email = raw.trim();
  if (email.length === 0) return { field: 'email', message: 'Email cannot be empty.' };
  const tooLong = context === 'create' ? email.length > MAX_EMAIL_LENGTH : email.length >= MAX_EMAIL_LENGTH;
  if (tooLong) return { field: 'email', message: `Email is too long. Maximum allowed is ${MAX_EMAIL_LENGTH} characters.` };
  if (!BASIC_EMAIL.test(email)) return { field: 'email', message: 'Please enter a valid email address.' };
  return null;
}

/**
 * Checks a whole list for creation: at least one, each valid. Addresses equal once normalised are kept
 * once: the create dialog compares exactly (spec §5), so `Ada@x.com` and `ada@x.com` can both arrive.
 */
export function checkEmailList(raw: readonly string[]): { emails: string[]; violation: RuleViolation | null } {
  if (raw.length === 0) return { emails: [], violation: { field: 'allowedEmails', message: 'Add at least one source email.' } };
  const emails: string[] = [];
  for (const candidate of raw) {
    const violation = checkEmail(candidate, 'create');
    if (violation) return { emails: [], violation: { field: 'allowedEmails', message: `${candidate.trim()}: ${violation.message}` } };
    const email = normaliseEmail(candidate);
    if (!emails.includes(email)) emails.push(email);
  }
  return { emails, violation: null };
}

export function isOnList(list: readonly string[], candidate: string): boolean {
  const email = normaliseEmail(candidate);
  return list.some((entry) => normaliseEmail(entry) === email);
}
