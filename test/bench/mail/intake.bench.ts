/**
 * SMTP intake: a bare smtp-server that parses each message with mailparser and keeps nothing, next
 * to Mailscribe's listener, which answers 250 only once the message and its job are committed.
 */
import 'reflect-metadata';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { buildContainer } from '../../../src/container.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { openBenchDatabase, type DatabaseKind } from '../support/bench-database.js';
import { benchConfig, seedDocuments, sendMails } from './mail-fixture.js';
import { DOC_STORE } from '../../../src/modules/documents/index.js';
import { override } from '../../../src/platform/wiring/overrides.js';

export const INTAKE_CONNECTIONS = 8;
const DOCUMENTS = 40;

/** Messages per second the bare server takes (parse, no storage). */
export async function rawIntake(messages: number): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(() => callback())
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  try {
    await sendMails({ port, recipients: ['doc-abcdefghij@in.example.com'], messages: 40, connections: INTAKE_CONNECTIONS });
    return await sendMails({ port, recipients: ['doc-abcdefghij@in.example.com'], messages, connections: INTAKE_CONNECTIONS });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Messages per second Mailscribe's SMTP role accepts, each committed before its 250. */
export async function durableIntake(kind: DatabaseKind, messages: number): Promise<number> {
  const database = await openBenchDatabase(kind, 'intake');
  const { forwards, store } = await seedDocuments(database.db, DOCUMENTS);
  const c = buildContainer({ config: benchConfig(), db: database.db, logger: pino({ level: 'silent' }), overrides: [override(DOC_STORE, store)] });
  const runtime = await startRuntime(c, ['smtp'], { smtp: 0 });
  const port = runtime.smtpPort ?? 0;
  try {
    await sendMails({ port, recipients: forwards, messages: 40, connections: INTAKE_CONNECTIONS });
    return await sendMails({ port, recipients: forwards, messages, connections: INTAKE_CONNECTIONS });
  } finally {
    await runtime.stop();
    await database.close();
  }
}
