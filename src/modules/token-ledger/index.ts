export { tokenLedgerModule } from './token-ledger.module.js';
export { ReserveTokens, type ReserveResult } from './application/reserve-tokens.use-case.js';
export { SettleTokens, type SettleResult } from './application/settle-tokens.use-case.js';
export { RefundTokens, type RefundResult } from './application/refund-tokens.use-case.js';
export { GrantSubscriptionPeriod } from './application/grant-subscription-period.use-case.js';
export { GrantPlanUpgrade } from './application/grant-plan-upgrade.use-case.js';
export { GrantTokens } from './application/grant-tokens.use-case.js';
export { TokenReports } from './application/token-reports.use-case.js';
// Credits wake held mail in every process; the mail module answers the panel's held count.
export { TOKENS_ADDED_SIGNAL } from './infra/events/tokens-added.signal.js';
export { HELD_MAIL_COUNT, type HeldMailCount } from './application/ports/held-mail-count.port.js';
// What a mail's entries say is forgotten when the mail's record goes (its document deleted, or past retention).
export { ForgetChargeDescriptions, type NeutralDescriptions } from './application/forget-charge-descriptions.use-case.js';
export { tokensForCharacters } from './domain/token-cost.js';
export { SourceKeyTakenError } from './domain/ledger-entry.js';
export type { Balance } from './domain/balance.js';
// Account export and deletion.
export { AccountLedgerEntries } from './application/account-ledger.use-case.js';
export { KEPT_LEDGER_KINDS, type LedgerEntryExport } from './application/ports/account-ledger.port.js';
