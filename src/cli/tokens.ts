import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { FindUsersByEmail, identityModule } from '../modules/identity/index.js';
import { GrantTokens, SourceKeyTakenError, tokenLedgerModule } from '../modules/token-ledger/index.js';
import { ConfigError, type AppConfig } from '../platform/config/config.js';
import { loadConfig } from '../platform/config/load-config.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { assertMigrated, SchemaNotReadyError } from '../platform/db/migrate.js';
import { EmbeddedDatabaseInUseError } from '../platform/db/pglite-lock.js';
import { openNotificationBus } from '../platform/events/open-notification-bus.js';
import { createLogger } from '../platform/logging/logger.js';
import { PrometheusMetrics } from '../platform/metrics/prometheus.metrics.js';
import { systemClock } from '../shared/clock.js';

const USAGE = `Usage:
  npm run tokens -- grant --email <address> --tokens <count> --reason "<why>" [--key <unique key>]

Adds tokens that never expire to a user's additional bucket, recorded in the ledger as an
operator grant. --key makes a repeated command count once (default: a new key every run).`;

class UsageError extends Error {}

/**
 * Only the modules a grant needs, wired as the app wires them: loading the whole app (every SDK) would
 * make each command seconds slower.
 */
function grantContainer(config: AppConfig, db: Database): DependencyContainer {
  const logger = createLogger(config.LOG_LEVEL);
  // On Postgres the grant reaches the user's open tabs and the running app's workers (which resume the
  // user's held mail at once) through the app's listener; on the embedded database the app is stopped,
  // and its first sweep after the start resumes the mail (docs/architecture.md § Held mail).
  const notifications = openNotificationBus(config, db, logger);
  const context = { container: rootContainer.createChildContainer(), config, db, logger, clock: systemClock, metrics: new PrometheusMetrics(), notifications };
  identityModule(context);
  tokenLedgerModule(context);
  return context.container;
}

async function grant(args: string[]): Promise<string> {
  let values: { email?: string; tokens?: string; reason?: string; key?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, tokens: { type: 'string' }, reason: { type: 'string' }, key: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const email = values.email?.trim().toLowerCase();
  const tokens = Number(values.tokens);
  const reason = values.reason?.trim();
  if (!email) throw new UsageError('--email is required');
  if (!Number.isInteger(tokens) || tokens <= 0 || tokens > 10_000_000) throw new UsageError('--tokens must be a whole number from 1 to 10,000,000');
  if (!reason) throw new UsageError('--reason is required: it is shown to the user in their Added Tokens history');

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  try {
    await assertMigrated(database.db);
    const c = grantContainer(config, database.db);
    const users = await c.resolve(FindUsersByEmail).execute(email);
    if (users.length === 0) throw new UsageError(`No user with the email ${email}. A user exists after their first sign-in.`);
    if (users.length > 1) throw new UsageError(`${users.length} accounts use ${email} (providers: ${users.map((u) => u.provider).join(', ')}); refusing to guess.`);
    const [user] = users;
    if (!user) throw new UsageError(`No user with the email ${email}.`);
    const result = await c.resolve(GrantTokens).execute({
      userId: user.id,
      sourceKey: `admin:${values.key ?? randomUUID()}`,
      tokens,
      kind: 'admin_grant',
      description: `Added by support: ${reason}`.slice(0, 200),
      payedUsdCents: 0,
    });
    return result.applied
      ? `Granted ${tokens} tokens to ${email}. Additional tokens now: ${result.balance.additionalTokens}.`
      : `Nothing done: the key ${values.key ?? ''} was already used. Additional tokens: ${result.balance.additionalTokens}.`;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command !== 'grant') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    console.log(await grant(rest));
    return 0;
  } catch (error) {
    if (error instanceof SourceKeyTakenError) console.error(`${error.message} Choose another --key.`);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof EmbeddedDatabaseInUseError || error instanceof SchemaNotReadyError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    return error instanceof EmbeddedDatabaseInUseError ? 3 : error instanceof UsageError || error instanceof SourceKeyTakenError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
