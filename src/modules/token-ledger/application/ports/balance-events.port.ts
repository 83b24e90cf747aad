/** Tells the user's open tabs that their token balance changed. Called after the commit; never throws. */
export interface BalanceEvents {
  balanceChanged(userId: string): Promise<void>;
  /**
   * Tokens were added (a purchase, a grant, a new or upgraded period, a refund): the balance changed, and
   * every process hears it, so the user's held mail resumes at once (docs/architecture.md § Held mail).
   */
  tokensAdded(userId: string): Promise<void>;
}

export const BALANCE_EVENTS = Symbol('BalanceEvents');

/** For use cases built by hand in tests that do not watch events. */
export const noBalanceEvents: BalanceEvents = { balanceChanged: () => Promise.resolve(), tokensAdded: () => Promise.resolve() };
