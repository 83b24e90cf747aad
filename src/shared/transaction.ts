/**
 * A database transaction in progress, handed by the module that opened it to the modules whose rows must
 * change in the same commit (deleting a document erases its mail and rewrites its ledger descriptions).
 * Opaque to use cases: they pass it on, and only adapters look inside (platform/transactions).
 */
export interface Transaction {
  readonly kind: 'transaction';
}
