import type { AppConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { InProcessNotificationBus } from './in-process.notification-bus.js';
import type { NotificationBus } from './notification-bus.js';
import { PgNotificationBus } from './pg.notification-bus.js';

/** Postgres (possibly several processes): LISTEN/NOTIFY. The embedded database (one process): in memory. */
export function openNotificationBus(config: Pick<AppConfig, 'DATABASE_URL'>, db: Database, logger: Logger): NotificationBus {
  return config.DATABASE_URL ? new PgNotificationBus(db, config.DATABASE_URL, logger) : new InProcessNotificationBus();
}
