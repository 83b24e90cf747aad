/** A mail waiting for tokens or a plan, as the sweep weighs it. */
export interface HeldMessage {
  id: string;
  ownerId: string;
  costTokens: number | null;
  heldAt: Date | null;
}

/** One user's held mail: what a credit may wake (the sweep) and how many wait (the token panel). */
export interface HeldMail {
  /** The owner's held mail, oldest first. */
  heldOf(ownerId: string): Promise<HeldMessage[]>;
  countHeld(ownerId: string): Promise<number>;
}

export const HELD_MAIL = Symbol('HeldMail');
