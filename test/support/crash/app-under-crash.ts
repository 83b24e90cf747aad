/**
 * The real app (SMTP listener + workers) with one crash point armed: the process SIGKILLs itself right
 * after the chosen step has taken effect, as a power cut would. Started by the crash-recovery test.
 *   CRASH_AT=stored|parsed|reserved|summarised|written|settled (or unset: run normally)
 */
import 'reflect-metadata';
import { buildContainer } from '../../../src/container.js';
import { DOC_STORE, type DocStore } from '../../../src/modules/documents/index.js';
import { INBOUND_MESSAGE_REPOSITORY, type InboundMessageRepository } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { LEDGER_REPOSITORY, type LedgerRepository } from '../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { loadConfig } from '../../../src/platform/config/load-config.js';
import { openDatabase } from '../../../src/platform/db/database.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { verdictOf } from '../fakes/fixed-sender-authenticator.js';
import { SENDER_AUTHENTICATOR } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../../src/platform/wiring/overrides.js';

const config = loadConfig();
const crashAt = process.env.CRASH_AT ?? '';
const die = (point: string) => {
  if (point !== crashAt) return;
  process.stdout.write(`CRASH ${point}\n`);
  process.kill(process.pid, 'SIGKILL');
};

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const c = buildContainer({ config, db: database.db, logger: createLogger(config.LOG_LEVEL), overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none'))] });

const messages = c.resolve<InboundMessageRepository>(INBOUND_MESSAGE_REPOSITORY);
c.register(INBOUND_MESSAGE_REPOSITORY, {
  useValue: Object.assign(Object.create(messages) as InboundMessageRepository, {
    storeReceived: async (...args: Parameters<InboundMessageRepository['storeReceived']>) => {
      await messages.storeReceived(...args);
      die('stored');
    },
    saveStep: async (...args: Parameters<InboundMessageRepository['saveStep']>) => {
      await messages.saveStep(...args);
      if (args[1].parsed) die('parsed');
      if (args[1].summary) die('summarised');
    },
  }),
});

const ledger = c.resolve<LedgerRepository>(LEDGER_REPOSITORY);
c.register(LEDGER_REPOSITORY, {
  useValue: Object.assign(Object.create(ledger) as LedgerRepository, {
    reserveOnce: async (...args: Parameters<LedgerRepository['reserveOnce']>) => {
      const result = await ledger.reserveOnce(...args);
      if (result.outcome === 'reserved') die('reserved');
      return result;
    },
    appendOutcome: async (...args: Parameters<LedgerRepository['appendOutcome']>) => {
      const appended = await ledger.appendOutcome(...args);
      if (appended && args[1].kind === 'settle') die('settled');
      return appended;
    },
  }),
});

const store = c.resolve<DocStore>(DOC_STORE);
c.register(DOC_STORE, {
  useValue: Object.assign(Object.create(store) as DocStore, {
    write: async (...args: Parameters<DocStore['write']>) => {
      await store.write(...args);
      die('written');
    },
  }),
});

const runtime = await startRuntime(c, ['smtp', 'worker'], { smtp: config.SMTP_PORT });
process.stdout.write(`READY ${runtime.smtpPort ?? 0}\n`);
process.on('SIGTERM', () => {
  void runtime.stop().then(() => database.close()).then(() => process.exit(0));
});
