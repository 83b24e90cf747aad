import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { Authenticate } from '../identity/index.js';
import { BALANCE_EVENTS } from './application/ports/balance-events.port.js';
import { LEDGER_POLICY, type LedgerPolicy } from './application/ledger-policy.js';
import { LEDGER_REPOSITORY } from './application/ports/ledger.repository.port.js';
import { TokenReports } from './application/token-reports.use-case.js';
import { tokensRoutes } from './http/tokens.routes.js';
import { NoticeBalanceEvents } from './infra/events/notice.balance-events.js';
import { KnexLedgerRepository } from './infra/knex.ledger.repository.js';

/** Balances, the ledger and its reports. `BILLING=off` makes nobody limited (usage is still recorded). */
export function tokenLedgerModule({ container: c, config, db, notifications }: ModuleContext): AppModule {
  c.register(LEDGER_REPOSITORY, { useValue: new KnexLedgerRepository(db) });
  c.register(BALANCE_EVENTS, { useValue: new NoticeBalanceEvents(notifications) });
  c.register(LEDGER_POLICY, { useValue: { unlimited: config.BILLING === 'off' } satisfies LedgerPolicy });
  return {
    name: 'token-ledger',
    http: { routers: () => [tokensRoutes({ authenticate: c.resolve(Authenticate), reports: c.resolve(TokenReports) })] },
  };
}
