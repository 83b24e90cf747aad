import { emailProblem, type EmailEntry } from '../../../contract/document-input-rules.js';
import type { RuleViolation } from './document-rules.js';

/** Allowed senders are compared lowercased and trimmed: mail systems treat addresses that way. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Where the email is checked matters: the create dialog accepts exactly 100 characters, the details
 * page only fewer; the rule and its messages are shared with the web app (src/contract/document-input-rules.ts).
 */
export function checkEmail(raw: string, context: EmailEntry): RuleViolation | null {
  const message = emailProblem(raw.trim(), context);
  return message === null ? null : { field: 'email', message };
}

/**
 * Checks a whole list for creation: at least one, each valid. Addresses equal once normalised are kept
 * once: the create dialog compares exactly (docs/product.md § Allowed emails), so `Ada@x.com` and `ada@x.com` can both arrive.
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
