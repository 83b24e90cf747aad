import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { DeleteAccount, ExportAccount, presentAccountExport } from '../modules/account/index.js';
import { billingModule } from '../modules/billing/index.js';
import { documentsModule } from '../modules/documents/index.js';
import { FindUsersByEmail, identityModule, type User } from '../modules/identity/index.js';
import { mailModule } from '../modules/mail/index.js';
import { notificationsModule } from '../modules/notifications/index.js';
import { tokenLedgerModule } from '../modules/token-ledger/index.js';
import { APP_CONFIG, ConfigError, type AppConfig } from '../platform/config/config.js';
import { loadConfig } from '../platform/config/load-config.js';
import { DATABASE, openDatabase, type Database } from '../platform/db/database.js';
import { assertMigrated, SchemaNotReadyError } from '../platform/db/migrate.js';
import { EmbeddedDatabaseInUseError } from '../platform/db/pglite-lock.js';
import { NOTIFICATION_BUS } from '../platform/events/notification-bus.js';
import { openNotificationBus } from '../platform/events/open-notification-bus.js';
import { LOGGER, createLogger } from '../platform/logging/logger.js';
import { PrometheusMetrics } from '../platform/metrics/prometheus.metrics.js';
import { isAppError } from '../shared/app-error.js';
import { CLOCK, systemClock } from '../shared/clock.js';

const USAGE = `Usage:
  npm run account -- export --email <address>          the account's data as JSON, on stdout
  npm run account -- delete --email <address> [--yes]  deletes the account for good

delete asks to type the email again unless --yes is given. It cancels the subscription at the payment
provider first; if that fails, nothing is deleted.`;

class UsageError extends Error {}

/** The modules an account's export and deletion use, wired as the app wires them. */
function accountContainer(config: AppConfig, db: Database): DependencyContainer {
  const logger = createLogger(config.LOG_LEVEL);
  const notifications = openNotificationBus(config, db, logger);
  const context = { container: rootContainer.createChildContainer(), config, db, logger, clock: systemClock, metrics: new PrometheusMetrics(), notifications };
  // The plumbing the use cases inject, as the composition root registers it.
  context.container.register(APP_CONFIG, { useValue: config });
  context.container.register(DATABASE, { useValue: db });
  context.container.register(LOGGER, { useValue: logger });
  context.container.register(CLOCK, { useValue: systemClock });
  context.container.register(NOTIFICATION_BUS, { useValue: notifications });
  identityModule(context);
  documentsModule(context);
  tokenLedgerModule(context);
  mailModule(context);
  billingModule(context);
  // Its notification mails are exported, and erased with a deleted document.
  notificationsModule(context);
  return context.container;
}

function emailOf(args: string[]): { email: string; yes: boolean } {
  let values: { email?: string; yes?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, yes: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new UsageError('--email is required');
  return { email, yes: values.yes === true };
}

async function findUser(c: DependencyContainer, email: string): Promise<User> {
  const users = await c.resolve(FindUsersByEmail).execute(email);
  if (users.length > 1) throw new UsageError(`${users.length} accounts use ${email} (providers: ${users.map((u) => u.provider).join(', ')}); refusing to guess.`);
  const [user] = users;
  if (!user) throw new UsageError(`No user with the email ${email}.`);
  return user;
}

async function confirmed(email: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`This deletes the account ${email}, its documents, mail and history for good.\nType the email again to confirm: `);
    return answer.trim().toLowerCase() === email;
  } finally {
    prompt.close();
  }
}

async function run(command: 'export' | 'delete', args: string[]): Promise<string> {
  const { email, yes } = emailOf(args);
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  try {
    await assertMigrated(database.db);
    const c = accountContainer(config, database.db);
    const user = await findUser(c, email);
    if (command === 'export') return JSON.stringify(presentAccountExport(await c.resolve(ExportAccount).execute(user.id)), null, 2);
    if (!yes && !(await confirmed(email))) throw new UsageError('The email typed did not match: nothing was deleted.');
    await c.resolve(DeleteAccount).execute(user.id, user.email);
    return `Deleted the account ${email}.`;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command !== 'export' && command !== 'delete') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    console.log(await run(command, rest));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof EmbeddedDatabaseInUseError || error instanceof SchemaNotReadyError || error instanceof ConfigError || isAppError(error)) console.error(error.message);
    else console.error(error);
    return error instanceof EmbeddedDatabaseInUseError ? 3 : error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
