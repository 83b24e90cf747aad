// What a document's name, source emails and description may be, and what the user is told when they are
// not (docs/api.md, "Rules" of the documents API). The server's domain rules and the web app's create
// dialog and details page all answer from this file, so the browser never lets through what the server
// refuses, nor refuses what it accepts. It imports nothing: the server's domain may use it
// (.dependency-cruiser.mjs, domain-imports-only-its-domain-and-shared) and the web imports its values.

export const MAX_DOCUMENT_NAME_LENGTH = 70;
export const MAX_EMAIL_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 2000;

/** Product texts: the server's 422 details and the web's inline errors and toasts say the same words. */
export const documentInputMessages = {
  nameEmpty: 'Document name cannot be empty',
  nameTooLong: `Document name is too long (max ${MAX_DOCUMENT_NAME_LENGTH} characters)`,
  descriptionTooLong: `Description is too long (max ${MAX_DESCRIPTION_LENGTH} characters)`,
  emailEmpty: 'Email cannot be empty.',
  emailTooLong: `Email is too long. Maximum allowed is ${MAX_EMAIL_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address.',
} as const;

/** The basic pattern: no spaces, exactly one @, a dot in the domain. No `g` flag, so it keeps no state. */
export const BASIC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBasicEmail(value: string): boolean {
  return BASIC_EMAIL_PATTERN.test(value);
}

/**
 * Where an email is entered: the create dialog (and POST /api/createGoogleDoc) accepts exactly 100
 * characters, the details page (and POST /api/addAllowedEmail/:id/emails) only fewer (docs/api.md).
 */
export type EmailEntry = 'create' | 'add';

/** The message for a name that cannot be saved, or null. The caller trims: both sides store it trimmed. */
export function documentNameProblem(name: string): string | null {
  if (name.length === 0) return documentInputMessages.nameEmpty;
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) return documentInputMessages.nameTooLong;
  return null;
}

/** The message for a description that cannot be saved, or null. The caller trims. */
export function descriptionProblem(description: string): string | null {
  return description.length > MAX_DESCRIPTION_LENGTH ? documentInputMessages.descriptionTooLong : null;
}

/** The message for an email that cannot be allowed, or null; duplicates are each side's own check. The caller trims. */
export function emailProblem(email: string, entry: EmailEntry): string | null {
  if (email.length === 0) return documentInputMessages.emailEmpty;
  const tooLong = entry === 'create' ? email.length > MAX_EMAIL_LENGTH : email.length >= MAX_EMAIL_LENGTH;
  if (tooLong) return documentInputMessages.emailTooLong;
  if (!isBasicEmail(email)) return documentInputMessages.emailInvalid;
  return null;
}
