import type { NotificationSetting } from '../../domain/notification-kind.js';

/** What an unsubscribe link switches off: one setting, or every one. */
export type UnsubscribeScope = NotificationSetting | 'all';

/** Signed unsubscribe links: they work signed out, so the signature is the only proof. */
export interface UnsubscribeTokens {
  sign(userId: string, scope: UnsubscribeScope): string;
  /** Null when the token is malformed or its signature is wrong. */
  verify(token: string): { userId: string; scope: UnsubscribeScope } | null;
}

export const UNSUBSCRIBE_TOKENS = Symbol('UnsubscribeTokens');
