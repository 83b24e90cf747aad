import { Router, type RouterContext } from '@koa/router';
import { documentRoutes as routes, type DocumentsPage } from '../../../contract/documents.js';
import { contractRouter, OK } from '../../../platform/http/contract-route.js';
import type { ResponseCache } from '../../../platform/http/response-cache.js';
import { principalOf, requireAuth, type Authenticate, type AuthState } from '../../identity/index.js';
import type { AddAllowedEmail } from '../application/add-allowed-email.use-case.js';
import type { CreateDocument } from '../application/create-document.use-case.js';
import type { DeleteDocument } from '../application/delete-document.use-case.js';
import { documentNotFound } from '../application/find-owned-document.js';
import type { GetDocument } from '../application/get-document.use-case.js';
import type { ListDocumentParts } from '../application/list-document-parts.use-case.js';
import type { ListDocumentPage } from '../application/list-document-page.use-case.js';
import type { ListDocumentTabs } from '../application/list-document-tabs.use-case.js';
import type { ListDocuments } from '../application/list-documents.use-case.js';
import type { DocStore } from '../application/ports/doc-store.port.js';
import type { RemoveAllowedEmail } from '../application/remove-allowed-email.use-case.js';
import type { RenameDocument } from '../application/rename-document.use-case.js';
import type { SetPlacement } from '../application/set-placement.use-case.js';
import type { SetTab } from '../application/set-tab.use-case.js';
import type { UpdateDescription } from '../application/update-description.use-case.js';
import { presentCard, presentDetails, presentListItem } from './document.presenter.js';

export interface DocumentsRouteDeps {
  authenticate: Authenticate;
  /** Only for the documents' links (`urlOf`). */
  store: DocStore;
  create: CreateDocument;
  list: ListDocuments;
  listPage: ListDocumentPage;
  /** Kept answers: the unpaged list's between two changes of the owner's documents (owner-answers.cache.ts). */
  answers: ResponseCache;
  get: GetDocument;
  parts: ListDocumentParts;
  remove: DeleteDocument;
  addEmail: AddAllowedEmail;
  removeEmail: RemoveAllowedEmail;
  describe: UpdateDescription;
  place: SetPlacement;
  rename: RenameDocument;
  tabs: ListDocumentTabs;
  setTab: SetTab;
}

type Ctx = RouterContext<AuthState>;

const owner = (ctx: Ctx) => principalOf(ctx).user.id;

/** The document calls (docs/api.md § Documents), at the paths src/contract declares. */
export function documentsRoutes(deps: DocumentsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const { store } = deps;
  // Per route, not router.use: unknown /api paths must still answer 404, not 401. A malformed id cannot
  // name a document: it answers like a missing one.
  const on = contractRouter(router, { bearer: requireAuth(deps.authenticate), invalidParams: documentNotFound });

  on(routes.createDocument, async (ctx, { body }) => {
    const document = await deps.create.execute({
      ownerId: owner(ctx),
      documentId: body.documentId,
      name: body.docName,
      description: body.description,
      allowedEmails: body.allowedEmails,
    });
    return presentListItem(document, store.urlOf(document.externalId));
  });

  on(routes.listDocuments, async (ctx, { query }) => {
    // Any paging parameter asks for one page of cards; without them the whole list answers, as older callers expect (docs/api.md, "Documents").
    if (query) {
      const page = await deps.listPage.execute(owner(ctx), query);
      // A page of cards is kept (the same object) until its owner's documents change: its JSON is
      // serialised, hashed and compressed once for every request it answers, not again on each.
      return deps.answers.tiedTo(
        page,
        () => ({ data: page.cards.map((card) => presentCard(card, store.urlOf(card.externalId))), total: page.total, page: query.page, pageSize: query.pageSize }) satisfies DocumentsPage,
        `${query.page} ${query.pageSize}`,
      );
    }
    const ownerId = owner(ctx);
    return deps.answers.keyed(ownerId, ownerId, async () => {
      const documents = await deps.list.execute(ownerId);
      return documents.map((document) => presentListItem(document, store.urlOf(document.externalId)));
    });
  });

  on(routes.documentDetails, async (ctx, { params: { id } }) => {
    // Both at once: the parts are only answered with a document the owner may read.
    const [document, parts] = await Promise.all([deps.get.execute(owner(ctx), id), deps.parts.execute(owner(ctx), id)]);
    return presentDetails(document, store.urlOf(document.externalId), parts.map((part) => ({ ...part, url: store.urlOf(part.externalId) })));
  });

  on(routes.deleteDocument, async (ctx, { params: { id } }) => {
    await deps.remove.execute(owner(ctx), id);
    return OK;
  });

  on(routes.addAllowedEmail, async (ctx, { params: { id }, body: { email } }) => ({ emails: await deps.addEmail.execute(owner(ctx), id, email) }));

  on(routes.removeAllowedEmail, async (ctx, { params: { id }, body: { email } }) => ({ emails: await deps.removeEmail.execute(owner(ctx), id, email) }));

  on(routes.updateDescription, async (ctx, { params: { id }, body: { description } }) => {
    await deps.describe.execute(owner(ctx), id, description);
    return OK;
  });

  on(routes.setPlacement, async (ctx, { params: { id }, body: { overwriteAtBeginning } }) => {
    await deps.place.execute(owner(ctx), id, overwriteAtBeginning);
    return OK;
  });

  on(routes.documentTabs, async (ctx, { params: { id } }) => {
    ctx.set('Cache-Control', 'no-store');
    return deps.tabs.execute(owner(ctx), id);
  });

  on(routes.setDocumentTab, async (ctx, { params: { id }, body: { tabId } }) => {
    await deps.setTab.execute(owner(ctx), id, tabId);
    return OK;
  });

  on(routes.renameDocument, async (ctx, { params: { id }, body: { title } }) => {
    await deps.rename.execute(owner(ctx), id, title);
    return OK;
  });

  return router;
}
