// Builders and helpers for the documents screens' tests. The fake API (test/fake-fetch) stands in for
// the network.
import { screen, within } from '@testing-library/react';
import { installFakeFetch, type FakeFetch, type Handler, type Reply, type Route } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import type { DocumentCard, DocumentDetails, DocumentListItem, DocumentsPage } from '../../api/types';

export { heldReply, type Reply } from '@/test/fake-fetch';

let sequence = 0;

function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function aDocument(overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  const documentId = overrides.documentId ?? nextId();
  return {
    documentId,
    documentName: 'Invoices',
    templateName: '',
    emails: ['ada@example.com'],
    forwardEmail: `invoices-${documentId.slice(-4)}@localhost`,
    googleDocumentId: `local-${documentId.slice(-4)}`,
    documentUrl: `/local-docs/local-${documentId.slice(-4)}`,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function aDocumentDetails(overrides: Partial<DocumentDetails> = {}): DocumentDetails {
  const { templateName: _templateName, ...item } = aDocument(overrides);
  return {
    ...item,
    description: 'Summarise the amounts and due dates.',
    overwriteAtBeginning: true,
    processedEmailsCount: 7,
    ...overrides,
    parts: overrides.parts ?? [],
  };
}

export function renderSignedIn(url: string) {
  storeToken(makeJwt());
  return renderApp(url);
}

export function aCard({ documentId, documentName, emails, forwardEmail, documentUrl, createdAt }: DocumentListItem): DocumentCard {
  return { documentId, documentName, allowedEmailsCount: emails.length, forwardEmail, documentUrl, createdAt };
}

/** The server's paged answer over these documents, in the order given: only `q` (any case), `page` and
 * `pageSize` are applied. Without paging parameters it answers the whole list. */
export function pagedDocuments(documents: readonly DocumentListItem[]): Handler {
  return (request) => {
    if (Object.keys(request.query).length === 0) return { status: 200, body: documents };
    const page = Number(request.query['page'] ?? 1);
    const pageSize = Number(request.query['pageSize'] ?? 24);
    const q = (request.query['q'] ?? '').toLowerCase();
    const matching = documents.filter((document) => document.documentName.toLowerCase().includes(q));
    const body: DocumentsPage = { data: matching.slice((page - 1) * pageSize, page * pageSize).map(aCard), total: matching.length, page, pageSize };
    return { status: 200, body };
  };
}

/** Opens the documents list with these documents on the server. */
export async function renderDocumentsList(documents: DocumentListItem[], routes: Record<string, Route> = {}) {
  const api = installFakeFetch({ 'GET /api/google-docs': pagedDocuments(documents), ...routes });
  const view = renderSignedIn('/dashboard/docs');
  await screen.findByRole('heading', { name: 'Documents', level: 1 });
  return { ...view, api };
}

/** Opens the details page of this document (`search`: a URL query such as "?mail=…&q=…"). */
/** What the details page of `document` reads: the document, no mail yet, no forwarding code, one tab. */
export function documentPageRoutes(document: DocumentDetails): Record<string, Route> {
  return {
    [`GET /api/getDocumentDetails/${document.documentId}`]: { status: 200, body: document },
    [`GET /api/document/${document.documentId}/received-mails`]: { status: 200, body: { data: [], total: 0 } },
    [`GET /api/document/${document.documentId}/forwarding-confirmation`]: { status: 200, body: { forwardingConfirmation: null } },
    [`GET /api/document/${document.documentId}/tabs`]: { status: 200, body: { tabs: [{ id: 't.0', title: document.documentName }], tabId: 't.0', chosenTabMissing: false } },
  };
}

/** From now on the fake server answers the details page of `document` (one it created, say). */
export function serveDocumentPage(api: FakeFetch, document: DocumentDetails): void {
  for (const [route, reply] of Object.entries(documentPageRoutes(document))) api.on(route, reply);
}

export async function renderDocumentDetails(document: DocumentDetails, routes: Record<string, Route> = {}, search = '') {
  const api = installFakeFetch({ ...documentPageRoutes(document), ...routes });
  const view = renderSignedIn(`/dashboard/doc/${document.documentId}${search}`);
  await screen.findByRole('heading', { name: 'Allowed Source Emails', level: 2 });
  return { ...view, api };
}

export const ok: Reply = { status: 200, body: { ok: true } };
export const serverError: Reply = { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } };

/** The cards of the documents list, in the order shown. */
export function cards() {
  return within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
}

export function cardNames() {
  return cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

export function cardOf(name: string) {
  const card = cards().find((item) => within(item).queryByRole('link', { name }));
  if (!card) throw new Error(`No card for ${name}`);
  return card;
}
