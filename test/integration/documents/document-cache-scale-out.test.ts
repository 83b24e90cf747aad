// Documents looked up for mail, and pages of the documents list, are kept in a short in-process cache. Two
// app instances on one Postgres database, each with its own caches and its own LISTEN connection: an
// address deleted on one is refused by the other's SMTP listener at once, and the other's list pages
// change at once, not when their cached copies expire.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOCK, fixedClock } from '../../../src/shared/clock.js';
import { createDocument } from '../../support/documents.js';
import { signIn } from '../../support/sign-in.js';
import { RawSmtpClient } from '../../support/smtp-client.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { override } from '../../../src/platform/wiring/overrides.js';

const WAIT = { timeout: 10_000, interval: 10 };

describe.skipIf(!databaseKinds().includes('postgres'))('the document cache across two app instances (postgres)', () => {
  // Fixed, so no cached entry expires during a test: only a signal can drop it.
  const clock = fixedClock('2026-05-01T08:00:00Z');
  const database = useTestDatabase('postgres', { resetAfterEach: true });
  let api: TestApp;
  let listener: TestApp;

  beforeAll(async () => {
    const env = { INBOUND_DOMAIN: 'in.example.com' };
    api = await startTestApp(database, { env, overrides: [override(CLOCK, clock)] });
    listener = await startTestApp(database, { env, overrides: [override(CLOCK, clock)], roles: ['http', 'smtp'] });
  });
  afterAll(async () => {
    await Promise.all([api?.close(), listener?.close()]);
  });

  /** RCPT TO on the listener: 250 for a live address, 550 otherwise. */
  async function rcpt(address: string): Promise<number> {
    const { client } = await RawSmtpClient.connect(listener.smtpPort ?? 0);
    try {
      expect((await client.command('EHLO client.example.com')).code).toBe(250);
      expect((await client.command('MAIL FROM:<ada@example.com>')).code).toBe(250);
      return (await client.command(`RCPT TO:<${address}>`)).code;
    } finally {
      await client.quit();
    }
  }

  it('serves repeated lookups from memory: a document changed behind its back is not read again', async () => {
    const token = await signIn(api);
    const doc = await createDocument(api, token, { allowedEmails: ['ada@example.com'] });
    expect(await rcpt(doc.forwardEmail)).toBe(250);
    // Not through the app: no signal, so the listener keeps its copy until it expires.
    await database.db('documents').where({ id: doc.documentId }).update({ deleted_at: new Date() });
    expect(await rcpt(doc.forwardEmail)).toBe(250);
  });

  it("shows a rename or a deletion made on one instance in the other's list pages at once", async () => {
    const token = await signIn(api);
    const doc = await createDocument(api, token, { docName: 'Alpha' });
    await createDocument(api, token, { docName: 'Beta' });
    const names = async () => {
      const response = await listener.fetch('/api/google-docs?sortBy=nameAsc&page=1&pageSize=24', { token });
      return ((await response.json()) as { data: { documentName: string }[] }).data.map((card) => card.documentName);
    };
    expect(await names()).toEqual(['Alpha', 'Beta']);
    expect((await api.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: 'Gamma' } })).status).toBe(200);
    await vi.waitFor(async () => expect(await names()).toEqual(['Beta', 'Gamma']), WAIT);
    expect((await api.fetch(`/api/deleteGoogleDoc/${doc.documentId}`, { method: 'DELETE', token })).status).toBe(200);
    await vi.waitFor(async () => expect(await names()).toEqual(['Beta']), WAIT);
  });

  it("shows a change made on one instance in the other's whole (unpaged) list at once", async () => {
    const token = await signIn(api);
    const doc = await createDocument(api, token, { docName: 'Alpha', allowedEmails: ['ada@example.com'] });
    const whole = async () => {
      const response = await listener.fetch('/api/google-docs', { token });
      return ((await response.json()) as { documentName: string; emails: string[] }[]).map((item) => `${item.documentName}: ${item.emails.join(', ')}`);
    };
    expect(await whole()).toEqual(['Alpha: ada@example.com']);
    const added = await api.fetch(`/api/addAllowedEmail/${doc.documentId}/emails`, { method: 'POST', token, json: { email: 'bob@example.com' } });
    expect(added.status).toBe(200);
    await vi.waitFor(async () => expect(await whole()).toEqual(['Alpha: ada@example.com, bob@example.com']), WAIT);
    await createDocument(api, token, { docName: 'Beta' });
    await vi.waitFor(async () => expect(await whole()).toHaveLength(2), WAIT);
  });

  it("refuses a deleted document's address on the other instance at once", async () => {
    const token = await signIn(api);
    const doc = await createDocument(api, token, { allowedEmails: ['ada@example.com'] });
    expect(await rcpt(doc.forwardEmail)).toBe(250);

    expect((await api.fetch(`/api/deleteGoogleDoc/${doc.documentId}`, { method: 'DELETE', token })).status).toBe(200);

    await vi.waitFor(async () => expect(await rcpt(doc.forwardEmail)).toBe(550), WAIT);
  });
});
