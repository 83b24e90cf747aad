// What the mail benchmarks share: documents of many users (one user's document writes are rate-limited,
// as in real use), a zero-latency model, and an SMTP client that sends a fixed mail as fast as it can
// or at a steady rate.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import type { Llm } from '../../../src/modules/summarization/index.js';
import { GrantTokens } from '../../../src/modules/token-ledger/index.js';
import { noBalanceEvents } from '../../../src/modules/token-ledger/application/ports/balance-events.port.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import type { Database } from '../../../src/platform/db/database.js';
import { InMemoryDocStore } from '../../support/fakes/in-memory-documents.js';
import { testConfig } from '../../support/test-config.js';
import { aUser } from '../../support/users.js';
import type { SendPlan, SenderAnswer, SenderPlan } from './smtp-sender.process.js';

export type { SendPlan };

export const INBOUND_DOMAIN = 'in.example.com';
export const SENDER = 'ada@example.com';
export const MAIL_BODY = `Hello team,\n\n${'The quarterly numbers are in and they look good. Please review the attached summary by Friday. '.repeat(12)}\n\nThanks,\nAda`;

/** The app's variables for a benchmark: no SMTP throttling, no billing gate, the given extras. */
export function benchConfig(extra: Record<string, string> = {}) {
  return testConfig({
    INBOUND_DOMAIN,
    SMTP_MESSAGES_PER_MINUTE_PER_IP: '1000000',
    SMTP_MAX_CONNECTIONS_PER_IP: '1000',
    BILLING: 'off',
    ...extra,
  });
}

export interface MailFixture {
  forwards: string[];
  /** The document store the documents live in (the pipeline writes into it). */
  store: InMemoryDocStore;
}

/** `count` users with one document each (allow-list: SENDER) and 100,000 tokens each. */
export async function seedDocuments(db: Database, count: number): Promise<MailFixture> {
  const store = new InMemoryDocStore();
  const config = benchConfig();
  const forwards: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const userId = await aUser(db, `bench-${n}@example.com`);
    const doc = await new CreateDocument(new KnexDocumentRepository(db), store, config).execute({
      ownerId: userId,
      documentId: crypto.randomUUID(),
      name: `Bench ${n}`,
      description: '',
      allowedEmails: [SENDER],
    });
    await new GrantTokens(new KnexLedgerRepository(db), noBalanceEvents).execute({ userId, sourceKey: `${userId}:bench`, tokens: 100_000, kind: 'admin_grant', description: 'Bench', payedUsdCents: 0 });
    forwards.push(doc.forwardEmail);
  }
  return { forwards, store };
}

/** A model that answers at once: the pipeline's numbers are then the app's own cost. */
export const instantLlm: Llm = {
  summarise: () =>
    Promise.resolve({ summary: { title: 'T', summary: 'The numbers are in.', keyPoints: [], actionItems: [] }, usage: { inputTokens: 1, outputTokens: 1 } }),
};

let sender: ChildProcess | null = null;
let nextPlan = 1;

/** The one SMTP client process of this run: started on first use, warm (JIT, sockets) for the next plans. */
function senderProcess(): ChildProcess {
  if (sender && sender.exitCode === null) return sender;
  const child = fork(fileURLToPath(new URL('./smtp-sender.process.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // It must neither keep this process alive nor outlive it.
  child.unref();
  child.channel?.unref();
  process.once('exit', () => child.kill());
  sender = child;
  return child;
}

/**
 * Sends `messages` mails round-robin over the recipients; resolves with the achieved rate (mails/s). The
 * client runs in a process of its own (smtp-sender.process.ts), as a remote sender would: on the app's
 * event loop its own CPU (building and writing each mail) would count as the app's.
 */
export async function sendMails(plan: SendPlan): Promise<number> {
  const child = senderProcess();
  const id = nextPlan++;
  child.channel?.ref();
  try {
    return await new Promise<number>((resolve, reject) => {
      const onAnswer = (answer: SenderAnswer) => {
        if (answer.id !== id) return;
        child.off('message', onAnswer);
        child.off('exit', onExit);
        if (answer.ok) resolve(answer.mailsPerSecond);
        else reject(new Error(`SMTP sender: ${answer.error}`));
      };
      const onExit = (code: number | null) => reject(new Error(`SMTP sender exited with ${code} before answering`));
      child.on('message', onAnswer);
      child.once('exit', onExit);
      child.send({ ...plan, id, from: SENDER, text: MAIL_BODY } satisfies SenderPlan);
    });
  } finally {
    child.channel?.unref();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}
