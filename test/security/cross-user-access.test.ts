import { beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '../support/documents.js';
import { signInAs } from './support/browser.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { useTestApp } from '../support/use-test-app.js';


const A_MAIL_ID = '7d0c5f8e-3b7a-4a51-9a57-0c2f5b1e9d11';

/** Every call that names a document, as the owner would make it. */
const calls = (id: string): [method: string, path: string, json?: unknown][] => [
  ['GET', `/api/getDocumentDetails/${id}`],
  ['DELETE', `/api/deleteGoogleDoc/${id}`],
  ['POST', `/api/addAllowedEmail/${id}/emails`, { email: 'evil@example.com' }],
  ['DELETE', `/api/deleteAllowedEmail/${id}/emails`, { email: 'boss@example.com' }],
  ['PUT', `/api/documents/${id}/updateDescription`, { description: 'pwned' }],
  ['PUT', `/api/document/${id}/overwrite-at-beginning`, { overwriteAtBeginning: false }],
  ['PUT', `/api/document/${id}/title`, { title: 'pwned' }],
  ['GET', `/api/document/${id}/received-mails`],
  ['POST', `/api/document/${id}/received-mails/${A_MAIL_ID}/retry`],
  ['POST', `/api/document/${id}/received-mails/${A_MAIL_ID}/allow-and-process`],
  ['GET', `/api/document/${id}/forwarding-confirmation`],
];

describe("cross-user access: another user's document answers 404 on every call and changes nothing", () => {
  const { app } = useTestApp('pglite');
  let owner: string;
  let intruder: string;
  let doc: DocumentListItem;

  beforeAll(async () => {
    owner = await signInAs(app, 'owner@example.com');
    intruder = await signInAs(app, 'intruder@example.com');
    doc = await createDocument(app, owner);
  });

  it.each(calls('{id}').map(([method, path], index) => [method, path, index] as const))('%s %s answers the intruder 404', async (method, _template, index) => {
    const [, path, json] = calls(doc.documentId)[index] ?? ['GET', '/'];
    const response = await app.fetch(path, { method, token: intruder, ...(json === undefined ? {} : { json }) });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorResponse).error.code).toMatch(/NOT_FOUND$/);
    const details = await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token: owner })).json();
    expect(details).toMatchObject({ documentName: 'Weekly reports', description: 'Keep it short.', emails: ['boss@example.com'], overwriteAtBeginning: true });
  });

  it("answers the owner's own calls (the control: the matrix above is not 404 for every caller)", async () => {
    expect((await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token: owner })).status).toBe(200);
    expect((await app.fetch(`/api/document/${doc.documentId}/received-mails`, { token: owner })).status).toBe(200);
  });

  it("shows the intruder none of the owner's documents in the list", async () => {
    expect(await (await app.fetch('/api/google-docs', { token: intruder })).json()).toEqual([]);
  });

  it('refuses to create a document under an id another user already holds, without revealing it', async () => {
    const response = await app.fetch('/api/createGoogleDoc', {
      method: 'POST',
      token: intruder,
      json: { documentId: doc.documentId, docName: 'Mine now', description: 'Mine.', allowedEmails: ['me@example.com'] },
    });
    expect([404, 409]).toContain(response.status);
    const details = await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token: owner })).json();
    expect(details).toMatchObject({ documentName: 'Weekly reports' });
  });
});
