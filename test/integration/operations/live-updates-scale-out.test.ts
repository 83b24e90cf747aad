// Live updates behind the scale-out: two processes on one Postgres database. The tab's stream is held by
// an http-only process; the mail arrives at and is processed by another process (smtp + worker). The
// notices cross through Postgres LISTEN/NOTIFY and reach the tab.
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildContainer } from '../../../src/container.js';
import { activateLocalSubscription } from '../../support/billing/subscribe.js';
import { testConfig } from '../../support/test-config.js';
import { walkDevSignInWith } from '../../support/dev-sign-in-walk.js';
import { openEventStream, type OpenEventStream } from '../../support/event-stream.js';
import { processedIds, startAppProcess, type AppProcess } from '../../support/operations/app-process.js';
import { freePorts } from '../../support/free-ports.js';
import type { DocumentListItem } from '../../../src/contract/documents.js';
import { useTestDatabase } from '../../support/use-test-app.js';

describe.skipIf(!inject('postgresTemplate'))('live updates across processes on one Postgres database', () => {
  const database = useTestDatabase('postgres');
  let web: AppProcess;
  let worker: AppProcess;
  let stream: OpenEventStream | null = null;

  beforeAll(async () => {
    const url = database.url ?? '';
    const [httpPort, smtpPort] = await freePorts(2);
    // Billing on (the local checkout), so the mail's reservation moves the balance and a balance notice goes out.
    const env = { DATABASE_URL: url, INBOUND_DOMAIN: 'in.example.com', SENDER_AUTH: 'off', JOB_POLLING_SECONDS: '0.5' };
    // One after the other: pg-boss creates its queues on the first start (see scale-out.test.ts).
    web = await startAppProcess('web', { ...env, ROLES: 'http', PORT: String(httpPort), PUBLIC_URL: `http://127.0.0.1:${httpPort}` });
    worker = await startAppProcess('worker', { ...env, ROLES: 'smtp,worker', SMTP_PORT: String(smtpPort) });
  }, 120_000);

  afterAll(async () => {
    stream?.close();
    // Runs before the database's own afterAll (registered earlier): the processes stop before it is dropped.
    await Promise.all([web?.stop(10_000), worker?.stop(10_000)]);
  });

  it("a mail processed by one process reaches the tab connected to the other: the mail's and the balance's notices", async () => {
    const base = `http://127.0.0.1:${web.httpPort ?? 0}`;
    const request = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init });
    const token = new URL(await walkDevSignInWith(request, { email: 'ada@example.com' }), base).searchParams.get('token') ?? '';
    const created = await request('/api/createGoogleDoc', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: crypto.randomUUID(), docName: 'Weekly reports', description: '', allowedEmails: ['boss@example.com'] }),
    });
    expect(created.status).toBe(201);
    const doc = (await created.json()) as DocumentListItem;
    const { user } = (await (await request('/api/status', { headers: { authorization: `Bearer ${token}` } })).json()) as { user: { id: string } };
    await activateLocalSubscription(buildContainer({ config: testConfig({ INBOUND_DOMAIN: 'in.example.com' }), db: database.db, logger: pino({ level: 'silent' }) }), user.id, 'ada@example.com');

    stream = await openEventStream(base, token);
    await vi.waitFor(() => expect(stream?.events[0]?.event).toBe('ready'), { timeout: 10_000 });

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: worker.smtpPort ?? 0, secure: false, ignoreTLS: true });
    const sent = performance.now();
    try {
      await transport.sendMail({ from: 'boss@example.com', to: doc.forwardEmail, subject: 'Quarterly numbers', text: 'The numbers are in; review them by Friday.' });
    } finally {
      transport.close();
    }
    await vi.waitFor(() => expect(processedIds(worker)).toHaveLength(1), { timeout: 30_000, interval: 50 });
    await vi.waitFor(
      () => {
        // The subscription's grant told only the test's own in-process bus: this balance notice is the mail's reservation.
        const names = stream?.events.map((event) => event.event) ?? [];
        expect(names).toContain('balance');
        expect(names.filter((name) => name === 'mail').length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 20 },
    );
    // Processing ends when the worker logs `mail processed`; the tab's last mail notice follows it.
    const processedAt = Number(worker.logs().find((line) => line.msg === 'mail processed')?.time);
    const noticedAt = Math.max(...stream.events.filter((event) => event.event === 'mail').map((event) => event.at));
    console.info(
      `live updates across processes: processed → notice on the other process's stream in ${noticedAt - processedAt} ms ` +
        `(mail sent → notice ${(performance.now() - sent).toFixed(0)} ms)`,
    );
    const mailIds = new Set(stream.events.filter((event) => event.event === 'mail').map((event) => (event.data as { mailId: string }).mailId));
    expect(mailIds).toEqual(new Set(processedIds(worker)));
    // The process holding the tab did none of the work.
    expect(processedIds(web)).toEqual([]);
  }, 90_000);
});
