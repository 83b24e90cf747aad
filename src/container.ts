import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { accountModule } from './modules/account/index.js';
import { billingModule } from './modules/billing/index.js';
import { documentsModule } from './modules/documents/index.js';
import { identityModule } from './modules/identity/index.js';
import { liveUpdatesModule } from './modules/live-updates/index.js';
import { mailModule } from './modules/mail/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { retentionModule } from './modules/retention/index.js';
import { summarizationModule } from './modules/summarization/index.js';
import { tokenLedgerModule } from './modules/token-ledger/index.js';
import { APP_CONFIG, type AppConfig } from './platform/config/config.js';
import { DATABASE, type Database } from './platform/db/database.js';
import { NOTIFICATION_BUS } from './platform/events/notification-bus.js';
import { openNotificationBus } from './platform/events/open-notification-bus.js';
import { LOGGER, type Logger } from './platform/logging/logger.js';
import { PrometheusMetrics } from './platform/metrics/prometheus.metrics.js';
import { APP_MODULES, type AppModule, type ModuleContext } from './platform/wiring/app-module.js';
import { containerWith, override, type Override } from './platform/wiring/overrides.js';
import { CLOCK, systemClock, type Clock } from './shared/clock.js';

export interface ContainerInput {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** Tests' replacements for ports (a clock, adapters that talk to local fakes), later ones winning; production passes none. */
  overrides?: readonly Override[];
}

/**
 * The composition root: the platform's plumbing, then each module wiring itself from config. The order
 * is the order of the HTTP routers; a module may resolve what an earlier one registered.
 */
export function buildContainer({ config, db, logger, overrides = [] }: ContainerInput): DependencyContainer {
  const container = containerWith(rootContainer, [override(CLOCK, systemClock), ...overrides]);
  const context: ModuleContext = { container, config, db, logger, clock: container.resolve<Clock>(CLOCK), metrics: new PrometheusMetrics(), notifications: openNotificationBus(config, db, logger) };
  container.register(APP_CONFIG, { useValue: config });
  container.register(DATABASE, { useValue: db });
  container.register(LOGGER, { useValue: logger });
  container.register(NOTIFICATION_BUS, { useValue: context.notifications });
  // One registry per container: whatever roles this process runs record into it; /metrics (http) shows it.
  container.register(PrometheusMetrics, { useValue: context.metrics });

  const modules: AppModule[] = [
    identityModule(context),
    documentsModule(context),
    tokenLedgerModule(context),
    summarizationModule(context),
    mailModule(context),
    billingModule(context),
    liveUpdatesModule(context),
    retentionModule(context),
    accountModule(context),
    notificationsModule(context),
  ];
  container.register(APP_MODULES, { useValue: modules });
  return container;
}
