import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcessMail } from '../../../src/modules/mail/index.js';
import { activateLocalSubscription } from '../../support/billing/subscribe.js';
import { createDocument } from '../../support/documents.js';
import { startFakeOpenAi, type ChatRequestBody, type FakeChatAnswer, type FakeOpenAi } from '../../support/fakes/fake-openai.server.js';
import { receivedMails, sendMail } from '../../support/mail.js';
import { verdictOf } from '../../support/fakes/fixed-sender-authenticator.js';
import { signIn } from '../../support/sign-in.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { databaseKinds } from '../../support/test-database.js';
import type { DocumentListItem } from '../../../src/contract/documents.js';
import type { ReceivedMail } from '../../../src/contract/received-mails.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { SENDER_AUTHENTICATOR } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../../src/platform/wiring/overrides.js';

/**
 * The model path through the real pipeline, the real SDK and a local OpenAI-compatible server: what a
 * busy, failing or hanging model costs a mail, and what it does to other documents' mail.
 */
const DEADLINE_MS = 800;
/** Where every request hangs, nothing needs answering in time: a short deadline ends each attempt sooner. */
const HANG_DEADLINE_MS = 200;
const ALPHA = 'Notes for project Alpha.';
const BETA = 'Notes for project Beta.';
const A_SUMMARY = { title: 'Status', summary: 'The rollout is on track for Friday.', keyPoints: ['Rollout on Friday.'], actionItems: [] };

const env = (fake: FakeOpenAi, deadlineMs = DEADLINE_MS): Record<string, string> => ({
  JOB_POLLING_SECONDS: '0.5',
  JOB_MAINTENANCE_SECONDS: '1',
  INBOUND_DOMAIN: 'in.example.com',
  LLM_PROVIDER: 'openai',
  OPENAI_BASE_URL: fake.baseUrl,
  OPENAI_API_KEY: 'sk-test-model-path',
  OPENAI_MODEL: 'gpt-test',
  OPENAI_TIMEOUT_MS: String(deadlineMs),
  OPENAI_MAX_OUTPUT_TOKENS: '1200',
  WORKER_CONCURRENCY: '2',
});

/** Whether a request is about a mail of the document with this description (its owner's instructions). */
const forDocument = (description: string) => (body: ChatRequestBody): boolean =>
  body.messages.some((message) => message.role === 'user' && message.content.includes(description));
const isAlpha = forDocument(ALPHA);
/** The subject line the prompt carries for the mail a request is about. */
const subjectOf = (body: ChatRequestBody): string | undefined => {
  const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
  return /^Subject: (.*)$/m.exec(user)?.[1];
};

describe.each(databaseKinds())('the model path (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let openai: FakeOpenAi;

  beforeAll(async () => {
    openai = await startFakeOpenAi({ apiKey: 'sk-test-model-path', models: ['gpt-test'] });
  });
  afterAll(() => openai.close());

  /** Signs in, subscribes and creates one document per description. */
  async function owner(app: TestApp, ...descriptions: string[]): Promise<{ token: string; docs: DocumentListItem[] }> {
    const token = await signIn(app, { email: 'owner@example.com' });
    const userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
    await activateLocalSubscription(app.container, userId);
    const docs: DocumentListItem[] = [];
    for (const [index, description] of descriptions.entries()) {
      docs.push(await createDocument(app, token, { docName: `Project ${index}`, allowedEmails: ['boss@example.com'], description }));
    }
    return { token, docs };
  }

  const mailTo = (app: TestApp, doc: DocumentListItem, subject: string) =>
    sendMail(app, { from: 'Boss <boss@example.com>', to: doc.forwardEmail, subject, text: `Hello. ${subject}: the rollout is on track for Friday.` });

  describe('with workers running', () => {
    let app: TestApp;

    beforeEach(async () => {
      app = await startTestApp(database, { env: env(openai), roles: ['http', 'smtp', 'worker'], overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none'))] });
    });
    afterEach(async () => {
      await app.close();
      openai.respondWith(null);
      openai.requests.length = 0;
      await database.reset();
    });

    it('processes another document’s mail as soon as one deadline frees a slot, while the model hangs for every mail of the first', async () => {
      openai.respondWith((body): FakeChatAnswer => (isAlpha(body) ? { hang: 'headers' } : { content: JSON.stringify(A_SUMMARY) }));
      const { token, docs } = await owner(app, ALPHA, BETA);
      const [alpha, beta] = docs as [DocumentListItem, DocumentListItem];

      // Both worker slots are held by a model that never answers…
      await mailTo(app, alpha, 'Alpha 1');
      await mailTo(app, alpha, 'Alpha 2');
      await vi.waitFor(() => expect(openai.requests.filter((request) => isAlpha(request.body))).toHaveLength(2), { timeout: 45_000, interval: 50 });
      // …and more of that document's mail queues up behind Beta's.
      await mailTo(app, beta, 'Beta 1');
      await mailTo(app, alpha, 'Alpha 3');
      await mailTo(app, alpha, 'Alpha 4');

      const [done] = await vi.waitFor(
        async () => {
          const mails = await receivedMails(app, token, beta.documentId);
          expect(mails[0]?.status).toBe('processed');
          return mails;
        },
        { timeout: 45_000, interval: 100 },
      );

      expect(done).toMatchObject({ subject: 'Beta 1', status: 'processed' });
      // Beta's mail took one of the first freed slots, ahead of the Alpha mail queued after it. Claim order is
      // FIFO, but when both deadlines free their slots together, Beta and Alpha 3 are claimed side by side and
      // their requests may reach the model in either order; Alpha 4 can only start once one of those is done.
      const order = openai.requests.map((request) => subjectOf(request.body));
      expect(order.slice(0, 2).sort()).toEqual(['Alpha 1', 'Alpha 2']);
      const betaAt = order.indexOf('Beta 1');
      expect(betaAt).toBeGreaterThan(1);
      const laterAlphaFirst = ['Alpha 3', 'Alpha 4'].filter((later) => {
        const at = order.indexOf(later);
        return at !== -1 && at < betaAt;
      });
      expect(laterAlphaFirst.length).toBeLessThanOrEqual(1);
      expect(laterAlphaFirst).not.toContain('Alpha 4');
      const alphaMails = await receivedMails(app, token, alpha.documentId);
      const timedOut = alphaMails.filter((mail) => mail.reason?.includes('did not answer in time'));
      expect(timedOut.length).toBeGreaterThanOrEqual(1);
      for (const mail of timedOut) expect(mail.status).toBe('processing');
      for (const request of openai.requests) expect(request.body.max_tokens).toBe(1200);
    });
  });

  describe('attempt by attempt', () => {
    let app: TestApp | undefined;
    let token: string;
    let doc: DocumentListItem;

    /** The app with the model's deadline, an owner and a document. */
    async function start(deadlineMs: number): Promise<TestApp> {
      // No worker: the test runs each attempt itself instead of waiting out the backoff between them.
      app = await startTestApp(database, { env: env(openai, deadlineMs), roles: ['http', 'smtp'], overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none'))] });
      const signedIn = await owner(app, ALPHA);
      token = signedIn.token;
      doc = signedIn.docs[0] as DocumentListItem;
      return app;
    }
    afterEach(async () => {
      await app?.close();
      app = undefined;
      openai.respondWith(null);
      openai.requests.length = 0;
      await database.reset();
    });

    /** Runs the mail's attempts one after another until it ends (at most a generous 10 runs). */
    async function runToTheEnd(subject: string, deadlineMs = DEADLINE_MS): Promise<ReceivedMail> {
      const app = await start(deadlineMs);
      await mailTo(app, doc, subject);
      const [received] = await vi.waitFor(async () => {
        const mails = await receivedMails(app, token, doc.documentId);
        expect(mails).toHaveLength(1);
        return mails;
      });
      const process = app.container.resolve(ProcessMail);
      for (let run = 0; run < 10; run += 1) await process.execute(received?.id ?? '');
      const [final] = await receivedMails(app, token, doc.documentId);
      if (!final) throw new Error('the mail disappeared');
      return final;
    }

    it.each([
      ['a persistent 429', { status: 429, error: { message: 'Rate limit reached for requests' } }, /rate limit/i, DEADLINE_MS],
      ['a persistent 500', { status: 500, error: { message: 'The server had an error while processing your request.' } }, /server error/i, DEADLINE_MS],
      ['a model that never answers', { hang: 'headers' }, /did not answer in time/i, HANG_DEADLINE_MS],
      ['a model whose answer trickles and stalls', { hang: 'body', content: JSON.stringify(A_SUMMARY) }, /did not answer in time/i, HANG_DEADLINE_MS],
    ] satisfies [string, FakeChatAnswer, RegExp, number][])('ends a mail facing %s after at most 6 model requests, failed with the cause named', async (_, answer, cause, deadlineMs) => {
      openai.respondWith(() => answer);

      const mail = await runToTheEnd('Weekly status', deadlineMs);

      expect(mail).toMatchObject({ status: 'failed', usedTokens: 0 });
      expect(mail.reason).toMatch(cause);
      expect(openai.requests.length).toBeLessThanOrEqual(6);
      expect(openai.requests).toHaveLength(6);
      for (const request of openai.requests) expect(request.body.max_tokens).toBe(1200);
    });

    it('processes the mail on a later attempt when the model recovers', async () => {
      openai.enqueue({ status: 429 }, { status: 503 });
      openai.respondWith(() => ({ content: JSON.stringify(A_SUMMARY) }));

      const mail = await runToTheEnd('Weekly status');

      expect(mail.status).toBe('processed');
      expect(openai.requests.map((request) => request.status)).toEqual([429, 503, 200]);
    });
  });
});
