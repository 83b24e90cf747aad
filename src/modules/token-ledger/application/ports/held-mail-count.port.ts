/**
 * How many of a user's mails wait for tokens (held), for the token panel's alert and banner. The mail
 * module answers it; the ledger cannot call it by name, as mail depends on the ledger.
 */
export interface HeldMailCount {
  heldMailsOf(userId: string): Promise<number>;
}

export const HELD_MAIL_COUNT = Symbol('HeldMailCount');
