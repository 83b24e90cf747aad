/**
 * The signal a credit sends to every process (the notification bus): the user's held mail may resume.
 * Its key is the user's id. The mail module's worker role listens (docs/architecture.md § Held mail).
 */
export const TOKENS_ADDED_SIGNAL = 'tokens-added';
