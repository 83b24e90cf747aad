import { Router, type RouterContext } from '@koa/router';
import type { AllowedEmailsResponse, DocumentsPage, DocumentTabsResponse } from '../../../contract/documents.js';
import { sendPrepared } from '../../../platform/http/prepared-json.js';
import type { ResponseCache } from '../../../platform/http/response-cache.js';
import { validate } from '../../../platform/http/validate.js';
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
import {
  createDocumentBody,
  descriptionBody,
  documentIdParam,
  DOCUMENTS_PAGE_PARAMS,
  documentsPageQuery,
  emailBody,
  placementBody,
  tabBody,
  titleBody,
} from './documents.schemas.js';

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

/** A malformed id cannot name a document: it answers like a missing one. */
function documentId(ctx: Ctx): string {
  const parsed = documentIdParam.safeParse(ctx.params);
  if (!parsed.success) throw documentNotFound();
  return parsed.data.id;
}

const owner = (ctx: Ctx) => principalOf(ctx).user.id;

/** The document calls of spec §7, at their exact paths. */
export function documentsRoutes(deps: DocumentsRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api' });
  const { store } = deps;
  // Per route, not router.use: unknown /api paths must still answer 404, not 401.
  const auth = requireAuth(deps.authenticate);

  router.post('/createGoogleDoc', auth, async (ctx) => {
    const body = validate(createDocumentBody, ctx.request.body);
    const document = await deps.create.execute({
      ownerId: owner(ctx),
      documentId: body.documentId,
      name: body.docName,
      description: body.description,
      allowedEmails: body.allowedEmails,
    });
    ctx.status = 201;
    ctx.body = presentListItem(document, store.urlOf(document.externalId));
  });

  router.get('/google-docs', auth, async (ctx) => {
    // Any paging parameter asks for one page of cards; without them the whole list answers as the spec has it.
    if (DOCUMENTS_PAGE_PARAMS.some((name) => name in ctx.query)) {
      const query = validate(documentsPageQuery, ctx.query);
      const page = await deps.listPage.execute(owner(ctx), query);
      // A page of cards is kept (the same object) until its owner's documents change: its JSON is
      // serialised, hashed and compressed once for every request it answers, not again on each.
      const answer = deps.answers.tiedTo(
        page,
        () => ({ data: page.cards.map((card) => presentCard(card, store.urlOf(card.externalId))), total: page.total, page: query.page, pageSize: query.pageSize }) satisfies DocumentsPage,
        `${query.page} ${query.pageSize}`,
      );
      sendPrepared(ctx, answer);
      return;
    }
    const ownerId = owner(ctx);
    const answer = await deps.answers.keyed(ownerId, ownerId, async () => {
      const documents = await deps.list.execute(ownerId);
      return documents.map((document) => presentListItem(document, store.urlOf(document.externalId)));
    });
    sendPrepared(ctx, answer);
  });

  router.get('/getDocumentDetails/:id', auth, async (ctx) => {
    // Both at once: the parts are only answered with a document the owner may read.
    const [document, parts] = await Promise.all([deps.get.execute(owner(ctx), documentId(ctx)), deps.parts.execute(owner(ctx), documentId(ctx))]);
    ctx.body = presentDetails(document, store.urlOf(document.externalId), parts.map((part) => ({ ...part, url: store.urlOf(part.externalId) })));
  });

  router.delete('/deleteGoogleDoc/:id', auth, async (ctx) => {
    await deps.remove.execute(owner(ctx), documentId(ctx));
    ctx.body = { ok: true };
  });

  router.post('/addAllowedEmail/:id/emails', auth, async (ctx) => {
    const id = documentId(ctx);
    const { email } = validate(emailBody, ctx.request.body);
    ctx.body = { emails: await deps.addEmail.execute(owner(ctx), id, email) } satisfies AllowedEmailsResponse;
  });

  router.delete('/deleteAllowedEmail/:id/emails', auth, async (ctx) => {
    const id = documentId(ctx);
    const { email } = validate(emailBody, ctx.request.body);
    ctx.body = { emails: await deps.removeEmail.execute(owner(ctx), id, email) } satisfies AllowedEmailsResponse;
  });

  router.put('/documents/:id/updateDescription', auth, async (ctx) => {
    const id = documentId(ctx);
    const { description } = validate(descriptionBody, ctx.request.body);
    await deps.describe.execute(owner(ctx), id, description);
    ctx.body = { ok: true };
  });

  router.put('/document/:id/overwrite-at-beginning', auth, async (ctx) => {
    const id = documentId(ctx);
    const { overwriteAtBeginning } = validate(placementBody, ctx.request.body);
    await deps.place.execute(owner(ctx), id, overwriteAtBeginning);
    ctx.body = { ok: true };
  });

  router.get('/document/:id/tabs', auth, async (ctx) => {
    const id = documentId(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await deps.tabs.execute(owner(ctx), id)) satisfies DocumentTabsResponse;
  });

  router.put('/document/:id/tab', auth, async (ctx) => {
    const id = documentId(ctx);
    const { tabId } = validate(tabBody, ctx.request.body);
    await deps.setTab.execute(owner(ctx), id, tabId);
    ctx.body = { ok: true };
  });

  router.put('/document/:id/title', auth, async (ctx) => {
    const id = documentId(ctx);
    const { title } = validate(titleBody, ctx.request.body);
    await deps.rename.execute(owner(ctx), id, title);
    ctx.body = { ok: true };
  });

  return router;
}
