/** Transport-free error codes of the account module; the HTTP edge maps them to statuses. */
export const AccountErrors = {
  /** The email typed to confirm a deletion is not the account's. */
  EMAIL_MISMATCH: 'ACCOUNT.EMAIL_MISMATCH',
} as const;

export type AccountErrorCode = (typeof AccountErrors)[keyof typeof AccountErrors];

// Adds this catalogue to AppErrorCode (see src/shared/app-error.ts).
declare module '../../shared/app-error.js' {
  interface AppErrorCatalogues {
    account: AccountErrorCode;
  }
}
