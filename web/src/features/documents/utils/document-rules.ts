// The documents feature's display limits and texts. The input rules (limits, their messages, the email
// pattern) are the server's own, from @contract/document-input-rules (docs/api.md), so the dialog and the
// details page answer as the server will.
import {
  MAX_DOCUMENT_NAME_LENGTH,
  documentInputMessages,
  documentNameProblem,
  emailProblem,
} from '@contract/document-input-rules';

// The textareas stop at MAX_DESCRIPTION_LENGTH so a save cannot fail on length.
export { MAX_DESCRIPTION_LENGTH, MAX_DOCUMENT_NAME_LENGTH } from '@contract/document-input-rules';

export const CARD_NAME_LENGTH = 13;
export const DETAILS_TITLE_LENGTH = 30;

export const CARD_COPY_CONFIRMATION_MS = 2000;
export const DETAILS_COPY_CONFIRMATION_MS = 1600;

export const messages = {
  ...documentInputMessages,
  nameTooLongInDialog: `Character limit exceeded. Max allowed: ${MAX_DOCUMENT_NAME_LENGTH} characters.`,
  emailAlreadyAdded: 'Email is already added.',
  emailAlreadyOnList: 'This email is already on the list.',
  emailAddFailed: 'Could not add the email. Try again.',
  placementFailed: 'Could not update overwrite position. Try again.',
  // Confirmations after a change the server accepted (issue 14, item 8).
  documentRenamed: 'Document renamed',
  placementBeginning: 'Summaries will be added at the beginning',
  placementEnd: 'Summaries will be added at the end',
  documentDeleted: 'Document deleted',
} as const;

/** Create dialog: 100 characters are allowed, duplicates compare exactly. Null when it may be added. */
export function createDialogEmailError(email: string, added: readonly string[]): string | null {
  const problem = emailProblem(email, 'create');
  if (problem !== null) return problem;
  if (added.includes(email)) return messages.emailAlreadyAdded;
  return null;
}

/** Details page: 100 or more is too long, duplicates compare trimmed and case-insensitively. */
export function detailsEmailError(email: string, list: readonly string[]): string | null {
  const problem = emailProblem(email, 'add');
  if (problem !== null) return problem;
  const candidate = email.toLowerCase();
  if (list.some((entry) => entry.trim().toLowerCase() === candidate)) return messages.emailAlreadyOnList;
  return null;
}

/** The rename toast for a name that cannot be saved, or null. */
export function renameError(name: string): string | null {
  return documentNameProblem(name);
}

/** Cuts text to `max` characters (whole characters, not UTF-16 halves) and marks the cut with "…". */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}

/** docs/product.md § Document details: the processed-emails table cuts source mail and subject shorter on narrower windows. */
export function receivedMailTextLimits(windowWidth: number): { sourceMail: number; subject: number } {
  if (windowWidth < 640) return { sourceMail: 16, subject: 20 };
  if (windowWidth < 1024) return { sourceMail: 24, subject: 36 };
  return { sourceMail: 36, subject: 60 };
}
