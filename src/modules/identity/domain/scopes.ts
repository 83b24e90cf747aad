/** Least privilege: the app only touches the documents it creates. */
export const DOCS_SCOPE = 'https://www.googleapis.com/auth/drive.file';

export const SIGN_IN_SCOPES = ['openid', 'email', 'profile', DOCS_SCOPE] as const;

export function hasDocumentConsent(grantedScopes: readonly string[]): boolean {
  return grantedScopes.includes(DOCS_SCOPE);
}
