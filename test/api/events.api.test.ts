import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_STREAMS_PER_USER } from '../../src/modules/live-updates/index.js';
import { openEventStream, type OpenEventStream } from '../support/event-stream.js';
import { sendMail } from '../support/mail.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

const WAIT = { timeout: 20_000, interval: 50 };

describe.each(databaseKinds())('live updates: GET /api/events (%s)', (kind) => {
  const { app } = useTestApp(kind, receivingMail({ env: { EVENTS_HEARTBEAT_SECONDS: '0.1' }, resetAfterEach: true }));
  let token: string;
  let doc: DocumentListItem;
  const streams: OpenEventStream[] = [];
  const open = async (bearer: string | null, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(app.url, bearer, headers);
    streams.push(stream);
    return stream;
  };
  const named = (stream: OpenEventStream, name: string) => stream.events.filter((event) => event.event === name);

  beforeEach(async () => {
    ({ token, doc } = await aDocumentOwner(app, { allowedEmails: ['boss@example.com'] }));
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('answers 401 without a session, like every protected call', async () => {
    expect((await open(null)).status).toBe(401);
    expect((await open('not-a-token')).status).toBe(401);
  });

  it('opens an uncompressed, unbuffered event stream that starts with ready and sends heartbeats', async () => {
    const stream = await open(token, { 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await vi.waitFor(() => expect(stream.events[0]?.event).toBe('ready'), WAIT);
    await vi.waitFor(() => expect(stream.comments.filter((comment) => comment === 'heartbeat').length).toBeGreaterThanOrEqual(2), WAIT);
  });

  it("tells the owner's tabs that a mail changed and the balance changed; another user's tab hears nothing", async () => {
    const mine = [await open(token), await open(token)];
    const stranger = await open(await signIn(app, { email: 'stranger@example.com' }));
    await vi.waitFor(() => expect(stranger.events.map((event) => event.event)).toEqual(['ready']), WAIT);
    const sent = performance.now();
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'Quarterly numbers', text: 'The numbers are in.' });
    for (const tab of mine) {
      await vi.waitFor(() => expect(named(tab, 'balance').length).toBeGreaterThanOrEqual(1), WAIT);
      // At least "received" and the run's end (processed).
      await vi.waitFor(() => expect(named(tab, 'mail').length).toBeGreaterThanOrEqual(2), WAIT);
      expect(named(tab, 'mail')[0]?.data).toEqual({ documentId: doc.documentId, mailId: expect.any(String) });
    }
    const mails = (await (await app.fetch(`/api/document/${doc.documentId}/received-mails`, { token })).json()) as { data: { id: string; status: string }[] };
    expect(mails.data.map((mail) => mail.status)).toEqual(['processed']);
    expect(named(mine[0] as OpenEventStream, 'mail').every((event) => (event.data as { mailId: string }).mailId === mails.data[0]?.id)).toBe(true);
    console.info(`live updates (${kind}): mail accepted to processed notice in ${(performance.now() - sent).toFixed(0)} ms`);
    // Event ids only grow.
    const ids = (mine[0] as OpenEventStream).events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(stranger.events.map((event) => event.event)).toEqual(['ready']);
  });

  it('asks a tab that reconnects with Last-Event-ID to refetch (resync)', async () => {
    const stream = await open(token, { 'last-event-id': '41' });
    await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toEqual(['ready', 'resync']), WAIT);
  });

  it('ends the stream once the session is logged out', async () => {
    const stream = await open(token);
    await vi.waitFor(() => expect(stream.events[0]?.event).toBe('ready'), WAIT);
    expect((await app.fetch('/api/logout', { method: 'POST', token })).status).toBe(204);
    await vi.waitFor(() => expect(stream.isEnded()).toBe(true), WAIT);
  });

  it(`refuses a stream beyond ${MAX_STREAMS_PER_USER} open ones of one user with 429, and accepts one again after a tab closed`, async () => {
    const tabs = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(token)));
    expect(tabs.every((tab) => tab.status === 200)).toBe(true);
    const refused = await open(token);
    expect(refused.status).toBe(429);
    tabs[0]?.close();
    await vi.waitFor(async () => {
      const again = await open(token);
      expect(again.status).toBe(200);
    }, WAIT);
  });
});
