import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocalSubscription } from '../support/billing/subscribe.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { rawRequest } from '../support/raw-http.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

describe('ETag and 304 on the reads the app repeats, compression of large answers', () => {
  const { app } = useTestApp('pglite', receivingMail());
  let token: string;
  let userId: string;
  let doc: DocumentListItem;
  const chartFrom = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const paths = () => ({
    list: '/api/google-docs',
    details: `/api/getDocumentDetails/${doc.documentId}`,
    receivedMails: `/api/document/${doc.documentId}/received-mails?page=1&pageSize=5`,
    usageChart: `/api/tokens/usage/chart?from=${encodeURIComponent(chartFrom)}`,
    usageTable: '/api/tokens/usage/table?page=1&pageSize=5',
    addedTable: '/api/tokens/added/table',
  });

  beforeAll(async () => {
    ({ token, userId, doc } = await aDocumentOwner(app, { allowedEmails: ['sender@example.com'] }, { subscribed: false }));
  });

  const read = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(app.url, path, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const etagOf = async (path: string) => {
    const response = await read(path);
    expect(response.status, path).toBe(200);
    return String(response.headers['etag']);
  };

  it('answers 304 with no body and the same ETag when the answer has not changed, on each read', async () => {
    for (const [name, path] of Object.entries(paths())) {
      const first = await read(path);
      expect(first.status, name).toBe(200);
      const etag = String(first.headers['etag']);
      expect(etag, name).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control'], name).toBe('private, no-cache');

      const again = await read(path, { 'if-none-match': etag });
      expect(again.status, name).toBe(304);
      expect(again.body.length, name).toBe(0);
      expect(again.headers['etag'], name).toBe(etag);
      expect(again.headers['cache-control'], name).toBe('private, no-cache');
    }
  });

  it('sends the full answer with a new ETag once the document list or a document changes', async () => {
    const { list, details } = paths();
    const listTag = await etagOf(list);
    const detailsTag = await etagOf(details);

    await createDocument(app, token, { docName: 'Second document' });
    const newList = await read(list, { 'if-none-match': listTag });
    expect(newList.status).toBe(200);
    expect(newList.headers['etag']).not.toBe(listTag);
    expect((JSON.parse(newList.body.toString()) as unknown[]).length).toBe(2);

    const update = await app.fetch(`/api/documents/${doc.documentId}/updateDescription`, { method: 'PUT', token, json: { description: 'Only deadlines.' } });
    expect(update.status).toBeLessThan(300);
    const newDetails = await read(details, { 'if-none-match': detailsTag });
    expect(newDetails.status).toBe(200);
    expect(newDetails.headers['etag']).not.toBe(detailsTag);
    expect(newDetails.body.toString()).toContain('Only deadlines.');
  });

  it('sends the full answer with a new ETag once tokens are added and a mail is summarised', async () => {
    const before = paths();
    const tags = Object.fromEntries(await Promise.all(Object.entries(before).map(async ([name, path]) => [name, await etagOf(path)] as const)));

    await activateLocalSubscription(app.container, userId);
    await sendMail(app, { from: 'sender@example.com', to: doc.forwardEmail, subject: 'Quarterly numbers', text: 'Revenue is up. The deadline is Friday.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail?.status).toBe('processed');

    for (const name of ['receivedMails', 'usageChart', 'usageTable', 'addedTable', 'details'] as const) {
      const response = await read(before[name], { 'if-none-match': tags[name] ?? '' });
      expect(response.status, name).toBe(200);
      expect(response.headers['etag'], name).not.toBe(tags[name]);
    }
  });

  it('sends a large read compressed, and its ETag is the same whatever the encoding', async () => {
    for (let index = 0; index < 6; index += 1) await createDocument(app, token, { docName: `Filler ${index}` });
    const { list } = paths();
    const identity = await read(list);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);

    const br = await read(list, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(identity.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(br.headers['etag']).toBe(identity.headers['etag']);
    expect((await read(list, { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) })).status).toBe(304);

    const gzip = await read(list, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(gzip.headers['etag']).toBe(identity.headers['etag']);
  });

  it('sends a small answer as it is, with no ETag on the reads it does not revalidate', async () => {
    const state = await read('/api/tokens/state', { 'accept-encoding': 'br, gzip' });
    expect(state.status).toBe(200);
    expect(state.body.length).toBeLessThan(1024);
    expect(state.headers['content-encoding']).toBeUndefined();
    expect(state.headers['etag']).toBeUndefined();
  });

  it('keeps refusing a read without a session, without an ETag', async () => {
    const response = await rawRequest(app.url, paths().list);
    expect(response.status).toBe(401);
    expect(response.headers['etag']).toBeUndefined();
  });
});
