/**
 * A real Postfix in front of the listener at full speed: 2,000 mails from 50 clients, each on its own
 * loopback address, through the relay (which asks the listener for every recipient first) into the app's
 * database. It proves the listener's per-peer limits leave a trusted relay alone; CI keeps the small relay
 * cases (test/integration/mail/smtp/postfix-relay.test.ts), this load lives here because it takes minutes.
 */
import 'reflect-metadata';
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { buildContainer } from '../../../src/container.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { hasPostfix, startPostfixRelay } from '../../support/postfix/postfix-relay.js';
import { testConfig } from '../../support/test-config.js';
import { openBenchDatabase } from '../support/bench-database.js';
import { INBOUND_DOMAIN as DOMAIN, SENDER, seedDocuments } from './mail-fixture.js';
import { freePort } from '../../support/free-ports.js';
export const RELAY_CLIENTS = 50;
export const RELAY_MAILS_PER_CLIENT = 40;
/** A hang guard, not a target: on a loaded two-core machine the run takes a few minutes. */
const GIVE_UP_MS = 15 * 60_000;

export interface RelayLoadResult {
  mails: number;
  clients: number;
  seconds: number;
  /** Committed by the app (rows for the document). */
  stored: number;
  /** Postfix's log: delivered to the listener, deferred, and deferred with 421 (a per-peer limit). */
  sent: number;
  deferred: number;
  refused421: number;
  rejectedBySender: number;
}

function mail(to: string, id: string): string {
  return [`From: Ada <${SENDER}>`, `To: ${to}`, `Subject: Report ${id}`, `Message-ID: <${id}@example.com>`, '', `Figures for ${id}.`, ''].join('\r\n');
}


/** Null where the machine has no Postfix or the run is not root (Postfix's master must be). */
export async function postfixRelayLoad(): Promise<RelayLoadResult | null> {
  if (!hasPostfix) return null;
  // The relay first: the embedded database on disk holds the process's umask at 077 while open, and
  // Postfix's daemons (another user) must read the files it writes at start.
  const listenerPort = await freePort();
  const relay = await startPostfixRelay({ relayDomain: DOMAIN, listenerPort });
  const database = await openBenchDatabase('pglite', 'relay');
  const { forwards } = await seedDocuments(database.db, 1);
  const forwardEmail = forwards[0] ?? '';
  // The listener's default per-peer limits: the relay is trusted (SMTP_TRUSTED_RELAYS), its clients are not.
  const config = testConfig({ INBOUND_DOMAIN: DOMAIN, SMTP_HOST: '127.0.0.1', SMTP_TRUSTED_RELAYS: '127.0.0.1/32', BILLING: 'off' });
  const c = buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }) });
  const runtime = await startRuntime(c, ['smtp'], { smtp: listenerPort });
  try {
    const total = RELAY_CLIENTS * RELAY_MAILS_PER_CLIENT;
    const startedAt = performance.now();
    const clients = Array.from({ length: RELAY_CLIENTS }, (_, n) =>
      createTransport({ host: '127.0.0.1', port: relay.port, localAddress: `127.0.3.${10 + n}`, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity }),
    );
    let rejectedBySender = 0;
    try {
      const sends = clients.flatMap((client, c) =>
        Array.from({ length: RELAY_MAILS_PER_CLIENT }, (_, m) => client.sendMail({ envelope: { from: SENDER, to: [forwardEmail] }, raw: mail(forwardEmail, `load-${c}-${m}`) })),
      );
      rejectedBySender = (await Promise.allSettled(sends)).filter((result) => result.status === 'rejected').length;
    } finally {
      for (const client of clients) client.close();
    }
    const count = async (): Promise<number> => {
      const row = (await database.db('inbound_messages').count({ n: '*' }).first()) as { n: string | number };
      return Number(row.n);
    };
    let stored = await count();
    while (stored < total && performance.now() - startedAt < GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      stored = await count();
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const log = relay.log();
    return {
      mails: total,
      clients: RELAY_CLIENTS,
      seconds,
      stored,
      sent: (log.match(/status=sent/g) ?? []).length,
      deferred: (log.match(/status=deferred/g) ?? []).length,
      refused421: (log.match(/ 421 /g) ?? []).length,
      rejectedBySender,
    };
  } finally {
    relay.stop();
    await runtime.stop();
    await database.close();
  }
}
