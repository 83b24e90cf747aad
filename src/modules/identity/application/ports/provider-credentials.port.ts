/**
 * The user's provider refresh token, unsealed, for adapters that act on the user's behalf (Google Docs).
 * Null when the user never granted one (the dev sign-in, or an account from before offline access).
 */
export interface ProviderCredentials {
  refreshTokenOf(userId: string): Promise<string | null>;
}

export const PROVIDER_CREDENTIALS = Symbol('ProviderCredentials');
