import type { DependencyContainer } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DATABASE, embeddedDataDirOf, type Database } from '../platform/db/database.js';
import { LOGGER, type Logger } from '../platform/logging/logger.js';
import { DataDirSpace } from '../platform/storage/data-dir-space.js';

const spaces = new WeakMap<DependencyContainer, DataDirSpace | null>();

/**
 * The free-space check of DATA_DIR the roles share (the SMTP intake before each commit, `/readyz`): one per
 * container, so one measurement a second serves both. Null unless the embedded database is kept on disk
 * (on Postgres DATA_DIR holds no database) and when `DATA_DIR_MIN_FREE_MB=0`.
 */
export function dataDirSpaceOf(c: DependencyContainer): DataDirSpace | null {
  let space = spaces.get(c);
  if (space === undefined) {
    const config = c.resolve<AppConfig>(APP_CONFIG);
    const dataDir = embeddedDataDirOf(c.resolve<Database>(DATABASE));
    space = dataDir !== null && config.DATA_DIR_MIN_FREE_MB > 0 ? new DataDirSpace(dataDir, config.DATA_DIR_MIN_FREE_MB, c.resolve<Logger>(LOGGER)) : null;
    spaces.set(c, space);
  }
  return space;
}
