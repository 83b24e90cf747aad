/** Transport-free error codes of the documents module; the HTTP edge maps them to statuses. */
export const DocumentErrors = {
  NOT_FOUND: 'DOCUMENT.NOT_FOUND',
  INVALID: 'DOCUMENT.INVALID',
  ID_TAKEN: 'DOCUMENT.ID_TAKEN',
  CREATE_IN_PROGRESS: 'DOCUMENT.CREATE_IN_PROGRESS',
  EMAIL_EXISTS: 'DOCUMENT.EMAIL_EXISTS',
  STORE_UNAVAILABLE: 'DOC_STORE.UNAVAILABLE',
  STORE_ACCESS_REVOKED: 'DOC_STORE.ACCESS_REVOKED',
} as const;

export type DocumentErrorCode = (typeof DocumentErrors)[keyof typeof DocumentErrors];

// Adds this catalogue to AppErrorCode (see src/shared/app-error.ts).
declare module '../../shared/app-error.js' {
  interface AppErrorCatalogues {
    documents: DocumentErrorCode;
  }
}
