/** `BILLING=off`: nobody is limited, but usage is still recorded so the reports stay meaningful. */
export interface LedgerPolicy {
  unlimited: boolean;
}

export const LEDGER_POLICY = Symbol('LedgerPolicy');
