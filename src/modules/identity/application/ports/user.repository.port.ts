import type { User } from '../../domain/user.js';

export interface UpsertUserInput {
  provider: string;
  providerSubject: string;
  email: string;
  name: string;
  picture: string | null;
  scopes: string[];
  /** Sealed refresh token; null keeps the one already stored (providers do not resend it every time). */
  sealedRefreshToken: string | null;
}

export interface UserRepository {
  /** Creates the user on first sign-in, refreshes profile fields afterwards. */
  upsertFromProvider(input: UpsertUserInput): Promise<{ user: User; created: boolean }>;
  findById(id: string): Promise<User | null>;
  /** Accounts whose email matches case-insensitively (one per provider at most, in practice). */
  findByEmail(email: string): Promise<User[]>;
}

export const USER_REPOSITORY = Symbol('UserRepository');
