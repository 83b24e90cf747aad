import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { Authenticate } from '../identity/index.js';
import { BALANCE_EVENTS } from './application/ports/balance-events.port.js';
import { LEDGER_POLICY, type LedgerPolicy } from './application/ledger-policy.js';
import { LEDGER_DESCRIPTIONS } from './application/ports/ledger-descriptions.port.js';
import { ACCOUNT_LEDGER } from './application/ports/account-ledger.port.js';
import { KnexAccountLedger } from './infra/knex.account-ledger.js';
import { LEDGER_REPOSITORY } from './application/ports/ledger.repository.port.js';
import { TokenPanel } from './application/token-panel.use-case.js';
import { TokenReports } from './application/token-reports.use-case.js';
import { UsageChart } from './application/usage-chart.use-case.js';
import { tokensRoutes } from './http/tokens.routes.js';
import { CachedUsageDays } from './infra/cached.usage-days.js';
import { NoticeBalanceEvents } from './infra/events/notice.balance-events.js';
import { KnexLedgerDescriptions } from './infra/knex.ledger-descriptions.js';
import { KnexLedgerRepository } from './infra/knex.ledger.repository.js';
import { LedgerUsageDays } from './infra/ledger.usage-days.js';
import { MINUTE_MS } from '../../shared/clock.js';

/** Usage charts kept in memory at most (a few KB each), and for how long at most. */
const USAGE_CHARTS_KEPT = 1_000;
const USAGE_CHART_TTL_MS = MINUTE_MS;

/**
 * Balances, the ledger and its reports. `BILLING=off` makes nobody limited (usage is still recorded). The
 * mail module answers `HELD_MAIL_COUNT` (the token panel's held mail).
 */
export function tokenLedgerModule({ container: c, config, db, clock, notifications }: ModuleContext): AppModule {
  const ledger = new KnexLedgerRepository(db);
  c.register(LEDGER_REPOSITORY, { useValue: ledger });
  c.register(LEDGER_DESCRIPTIONS, { useValue: new KnexLedgerDescriptions() });
  c.register(ACCOUNT_LEDGER, { useValue: new KnexAccountLedger(db) });
  // The chart's days are kept while the user's usage revision holds (docs/architecture.md, "Caching").
  c.register(UsageChart, { useValue: new UsageChart(new CachedUsageDays(new LedgerUsageDays(ledger, clock), ledger, clock, { ttlMs: USAGE_CHART_TTL_MS, maxEntries: USAGE_CHARTS_KEPT })) });
  c.register(BALANCE_EVENTS, { useValue: new NoticeBalanceEvents(notifications) });
  c.register(LEDGER_POLICY, { useValue: { unlimited: config.BILLING === 'off' } satisfies LedgerPolicy });
  return {
    name: 'token-ledger',
    http: { routers: () => [tokensRoutes({ authenticate: c.resolve(Authenticate), reports: c.resolve(TokenReports), panel: c.resolve(TokenPanel), chart: c.resolve(UsageChart) })] },
  };
}
