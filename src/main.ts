import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildContainer } from './container.js';
import { ConfigError } from './platform/config/config.js';
import { loadConfig } from './platform/config/load-config.js';
import { openDatabase, pgliteDir } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { EmbeddedDataDirError } from './platform/db/embedded-data-dir.js';
import { EmbeddedDatabaseInUseError } from './platform/db/pglite-lock.js';
import { createLogger } from './platform/logging/logger.js';
import { startRuntime } from './roles/runtime.js';

const SHUTDOWN_LIMIT_MS = 30_000;

async function main(): Promise<void> {
  let config;
  // A METRICS_TOKEN the loader generated (production without one), shown to the operator once below.
  const generated = new Map<string, string>();
  try {
    config = loadConfig({ onGenerated: (variable, value) => generated.set(variable, value) });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const pretty = config.LOG_FORMAT ? config.LOG_FORMAT === 'pretty' : config.NODE_ENV === 'development' && process.stdout.isTTY;
  const logger = createLogger(config.LOG_LEVEL, pretty);
  const metricsToken = generated.get('METRICS_TOKEN');
  if (metricsToken !== undefined && config.ROLES.includes('http')) {
    logger.warn(
      `METRICS_TOKEN is not set, so this start generated one: GET /metrics now requires "Authorization: Bearer ${metricsToken}". ` +
        'It changes at every start; set METRICS_TOKEN (openssl rand -hex 32) in the environment to keep one for your scraper.',
    );
  }
  // The first start creates the embedded database (tens of seconds on a slow disk): each phase says what
  // it does and how long it took, so a quiet terminal never looks like a hang.
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const booting = performance.now();
  const embedded = config.DATABASE_URL === undefined;
  const creating = embedded && !existsSync(join(pgliteDir(config.DATA_DIR), 'PG_VERSION'));
  logger.info(embedded ? `${creating ? 'Creating' : 'Opening'} the embedded database in ${config.DATA_DIR}…` : 'Connecting to Postgres…');
  let phase = performance.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    minFreeMb: config.DATA_DIR_MIN_FREE_MB,
    onTightened: (message) => logger.warn({ dataDir: config.DATA_DIR }, message),
    // The embedded database cannot go on (a write failed for lack of space, a PANIC): PGlite would spin on
    // the next statement. Exit at once, non-zero, so the supervisor restarts the process; every mail
    // answered 250 is committed, and nothing after the failure was.
    onFailure: (failure) => {
      const then = failure.outOfSpace ? '; free some space in DATA_DIR' : '';
      logger.fatal({ dataDir: failure.dataDir, freeMb: failure.freeMb }, `${failure.message}. Exiting with code 1 for the supervisor to restart the process${then}`);
      process.exit(1);
    },
  });
  logger.info(`Database ready (${seconds(phase)}); applying migrations…`);
  phase = performance.now();
  const applied = await migrateToLatest(database.db);
  logger.info({ migrations: applied }, applied.length > 0 ? `Database migrated: ${applied.length} migration${applied.length === 1 ? '' : 's'} (${seconds(phase)})` : 'Database schema up to date');

  phase = performance.now();
  const c = buildContainer({ config, db: database.db, logger });
  const runtime = await startRuntime(c, config.ROLES, { http: config.PORT, smtp: config.SMTP_PORT });
  logger.info({ roles: config.ROLES, httpPort: runtime.httpPort, smtpPort: runtime.smtpPort, rolesStarted: seconds(phase), sinceStart: seconds(booting) }, 'started');

  console.log(`\n  Mailscribe is running (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'Postgres'}), ready in ${seconds(booting)}`);
  if (runtime.httpPort !== null) console.log(`  App:  ${config.PUBLIC_URL}`);
  if (runtime.smtpPort !== null) console.log(`  SMTP: port ${runtime.smtpPort}, forward addresses @${config.INBOUND_DOMAIN}`);
  if (config.ROLES.includes('worker')) console.log(`  Workers: ${config.WORKER_CONCURRENCY}`);
  console.log('');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    try {
      await runtime.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EmbeddedDatabaseInUseError || error instanceof EmbeddedDataDirError ? error.message : error);
  process.exit(1);
});
