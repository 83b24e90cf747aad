import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocument } from '../support/documents.js';
import { signInAs } from './support/browser.js';
import { startLoggedApp, type LoggedApp } from './support/logged-app.js';
import { rawRequest } from './support/raw-request.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useTestDatabase } from '../support/use-test-app.js';


const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** Every document endpoint that takes a JSON body, with a valid body to poison one string at a time. */
const bodies = (id: string): [method: string, path: string, body: Record<string, unknown>][] => [
  ['POST', '/api/createGoogleDoc', { documentId: randomUUID(), docName: 'Reports', description: 'Short.', allowedEmails: ['boss@example.com'] }],
  ['POST', `/api/addAllowedEmail/${id}/emails`, { email: 'new@example.com' }],
  ['DELETE', `/api/deleteAllowedEmail/${id}/emails`, { email: 'boss@example.com' }],
  ['PUT', `/api/documents/${id}/updateDescription`, { description: 'Keep it short.' }],
  ['PUT', `/api/document/${id}/title`, { title: 'Reports' }],
  ['PUT', `/api/document/${id}/overwrite-at-beginning`, { overwriteAtBeginning: true }],
];

/** Each string field of a body (arrays included) with `poison` put in the middle of it, and the key itself poisoned. */
function poisoned(body: Record<string, unknown>, poison: string): { field: string; body: Record<string, unknown> }[] {
  const variants: { field: string; body: Record<string, unknown> }[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') variants.push({ field: key, body: { ...body, [key]: `a${poison}b` } });
    if (Array.isArray(value)) variants.push({ field: `${key}.0`, body: { ...body, [key]: [`x${poison}@example.com`] } });
    if (typeof value === 'boolean') variants.push({ field: key, body: { ...body, [key]: poison } });
    variants.push({ field: '(key)', body: { ...body, [`${key}${poison}`]: 'extra' } });
  }
  return variants;
}

describe('hostile HTTP input', () => {
  const database = useTestDatabase('pglite');
  let app: LoggedApp;
  let token: string;
  let doc: DocumentListItem;

  beforeAll(async () => {
    app = await startLoggedApp(database);
    token = await signInAs(app, 'owner@example.com');
  });
  beforeEach(async () => {
    doc = await createDocument(app, token);
  });
  afterAll(async () => {
    await app.close();
  });

  const errorLines = () => app.logs.filter((line) => line.level >= 50);

  it.each([
    ['a NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])('answers 400 with a clear message, never 500, for %s in any JSON string field of the document endpoints', async (_name, poison) => {
    const statuses: string[] = [];
    for (const [method, path, body] of bodies(doc.documentId)) {
      for (const variant of poisoned(body, poison)) {
        const response = await app.fetch(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(variant.body) });
        const answer = (await response.json()) as ErrorResponse;
        statuses.push(`${method} ${path} ${variant.field}: ${response.status} ${answer.error?.code ?? ''}`);
        if (variant.field !== '(key)' || response.status === 400) {
          expect(answer.error.message, `${method} ${path} ${variant.field}`).toMatch(/cannot be stored/);
        }
      }
    }
    expect(statuses.filter((line) => !/: 400 REQUEST\.INVALID$/.test(line))).toEqual([]);
    expect(statuses.length).toBeGreaterThan(15);
    expect(errorLines()).toEqual([]);
  });

  it('names the poisoned field in the 400 answer', async () => {
    const response = await app.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: `evil${NUL}title` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'REQUEST.INVALID', message: expect.stringMatching(/^title: contains a character that cannot be stored/) } });
  });

  it('leaves the document unchanged after a poisoned update', async () => {
    await app.fetch(`/api/documents/${doc.documentId}/updateDescription`, { method: 'PUT', token, json: { description: `x${NUL}` } });
    const details = (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as { description: string };
    expect(details.description).toBe('Keep it short.');
  });

  it('answers 400 for a NUL in a query string and 404 for one in a path id', async () => {
    expect((await app.fetch('/api/tokens/usage/table?sortBy=%00', { token })).status).toBe(400);
    expect((await app.fetch(`/api/getDocumentDetails/${doc.documentId}%00`, { token })).status).toBe(404);
    expect((await app.fetch('/api/getDocumentDetails/%ED%A0%80', { token })).status).toBe(404);
    expect(errorLines()).toEqual([]);
  });

  it('answers 400 with a clear message, never 500, for a JSON body nested 5,000 deep on every JSON endpoint', async () => {
    // Objects, arrays, and the two alternating: 5,000 levels each.
    const deep = ['{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), '['.repeat(5_000) + ']'.repeat(5_000), '{"a":['.repeat(2_500) + ']}'.repeat(2_500)];
    const statuses: string[] = [];
    for (const [method, path] of bodies(doc.documentId)) {
      for (const body of deep) {
        const response = await app.fetch(path, { method, token, headers: { 'content-type': 'application/json' }, body });
        const answer = (await response.json()) as ErrorResponse;
        statuses.push(`${method} ${path}: ${response.status} ${answer.error?.code ?? ''}`);
        expect(answer.error.message, `${method} ${path}`).toBe('The request body nests objects or arrays more than 64 levels deep (the limit is 64).');
      }
    }
    expect(statuses.filter((line) => !/: 400 REQUEST\.INVALID$/.test(line))).toEqual([]);
    expect(statuses).toHaveLength(bodies(doc.documentId).length * deep.length);
    expect(errorLines()).toEqual([]);
  });

  it('accepts a body nested 64 deep and refuses one nested 65 deep', async () => {
    const path = `/api/document/${doc.documentId}/title`;
    // The body object is level 1; `extra` (ignored by the endpoint) holds the rest.
    const body = (levels: number) => `{"title":"Nested","extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect((await app.fetch(path, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: body(64) })).status).toBe(200);
    const refused = await app.fetch(path, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: body(65) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'REQUEST.INVALID', message: expect.stringMatching(/more than 64 levels deep/) } });
  });

  it('still accepts text with paired surrogates (emoji) and other control characters', async () => {
    const response = await app.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: 'Reports 📬 \u0001' } });
    expect(response.status).toBe(200);
  });

  it.each([
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2fetc%2fpasswd',
    '/%00',
    '/assets/%00.js',
    '/assets/app-1234.js%00',
    '/%E0%A4%A',
    '/%ff',
    '/assets/%',
    '/..%5c..%5cwindows%5cwin.ini',
  ])('answers the bad static path %s with 400 or 404 (or the app shell), logging no error', async (path) => {
    const before = app.logs.length;
    const response = await rawRequest(app.url, path);
    expect([200, 400, 404]).toContain(response.status);
    expect(response.body).not.toContain('root:');
    if (response.status === 200) expect(response.body).toContain('<div id="root">');
    const logged = app.logs.slice(before);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.filter((line) => line.err?.stack !== undefined)).toEqual([]);
  });
});
