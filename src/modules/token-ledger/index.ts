import type { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { tokensRoutes } from './http/tokens.routes.js';

export { ReserveTokens, type ReserveResult } from './application/reserve-tokens.use-case.js';
export { SettleTokens, type SettleResult } from './application/settle-tokens.use-case.js';
export { RefundTokens, type RefundResult } from './application/refund-tokens.use-case.js';
export { GrantSubscriptionPeriod } from './application/grant-subscription-period.use-case.js';
export { GrantTokens } from './application/grant-tokens.use-case.js';
export { TokenReports } from './application/token-reports.use-case.js';
export { tokensForCharacters } from './domain/token-cost.js';
export type { Balance } from './domain/balance.js';

export function tokenLedgerRouters(c: DependencyContainer): Router[] {
  return [tokensRoutes(c)];
}
