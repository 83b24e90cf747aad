/** Transport-free error codes of the mail module; the HTTP edge maps them to statuses. */
export const MailErrors = {
  NOT_FOUND: 'MAIL.NOT_FOUND',
  NOT_RETRYABLE: 'MAIL.NOT_RETRYABLE',
  /** "Allow and process" on a mail that was not ignored for an unlisted sender, or whose content is gone. */
  NOT_ALLOWABLE: 'MAIL.NOT_ALLOWABLE',
} as const;

export type MailErrorCode = (typeof MailErrors)[keyof typeof MailErrors];

// Adds this catalogue to AppErrorCode (see src/shared/app-error.ts).
declare module '../../shared/app-error.js' {
  interface AppErrorCatalogues {
    mail: MailErrorCode;
  }
}
