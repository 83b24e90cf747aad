// Spec §5 and §9: the limits and messages of document names, source emails and descriptions.

export const MAX_DOCUMENT_NAME_LENGTH = 70;
export const MAX_EMAIL_LENGTH = 100;
/** The server's limit (docs/api.md); the textareas stop there so a save cannot fail on length. */
export const MAX_DESCRIPTION_LENGTH = 2000;

export const CARD_NAME_LENGTH = 13;
export const DETAILS_TITLE_LENGTH = 30;

export const CARD_COPY_CONFIRMATION_MS = 2000;
export const DETAILS_COPY_CONFIRMATION_MS = 1600;

export const messages = {
  nameTooLongInDialog: `Character limit exceeded. Max allowed: ${MAX_DOCUMENT_NAME_LENGTH} characters.`,
  nameEmpty: 'Document name cannot be empty',
  nameTooLong: `Document name is too long (max ${MAX_DOCUMENT_NAME_LENGTH} characters)`,
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `Email is too long. Maximum allowed is ${MAX_EMAIL_LENGTH} characters.`,
  emailAlreadyAdded: 'Email is already added.',
  emailEmpty: 'Email cannot be empty.',
  emailAlreadyOnList: 'This email is already on the list.',
  emailAddFailed: 'Could not add the email. Try again.',
  placementFailed: 'Could not update overwrite position. Try again.',
  // Confirmations after a change the server accepted (issue 14, item 8).
  documentRenamed: 'Document renamed',
  placementBeginning: 'Summaries will be added at the beginning',
  placementEnd: 'Summaries will be added at the end',
  documentDeleted: 'Document deleted',
} as const;

/** The basic pattern of spec §5: no spaces, exactly one @, a dot in the domain. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBasicEmail(value: string): boolean {
  return BASIC_EMAIL.test(value);
}

/** Create dialog (spec §5): 100 characters are allowed, duplicates compare exactly. Null when it may be added. */
export function createDialogEmailError(email: string, added: readonly string[]): string | null {
  if (email.length > MAX_EMAIL_LENGTH) return messages.emailTooLong;
  if (!isBasicEmail(email)) return messages.emailInvalid;
  if (added.includes(email)) return messages.emailAlreadyAdded;
  return null;
}

/** Details page (spec §5): 100 or more is too long, duplicates compare trimmed and case-insensitively. */
export function detailsEmailError(email: string, list: readonly string[]): string | null {
  if (email.length === 0) return messages.emailEmpty;
  if (email.length >= MAX_EMAIL_LENGTH) return messages.emailTooLong;
  if (!isBasicEmail(email)) return messages.emailInvalid;
  const candidate = email.toLowerCase();
  if (list.some((entry) => entry.trim().toLowerCase() === candidate)) return messages.emailAlreadyOnList;
  return null;
}

/** The rename toast for a name that cannot be saved, or null. */
export function renameError(name: string): string | null {
  if (name.length === 0) return messages.nameEmpty;
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) return messages.nameTooLong;
  return null;
}

/** Cuts text to `max` characters (whole characters, not UTF-16 halves) and marks the cut with "…". */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}

/** Spec §2: the processed-emails table cuts source mail and subject shorter on narrower windows. */
export function receivedMailTextLimits(windowWidth: number): { sourceMail: number; subject: number } {
  if (windowWidth < 640) return { sourceMail: 16, subject: 20 };
  if (windowWidth < 1024) return { sourceMail: 24, subject: 36 };
  return { sourceMail: 36, subject: 60 };
}
