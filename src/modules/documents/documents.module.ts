import type { ClassProvider, DependencyContainer } from 'tsyringe';
import type { AppConfig } from '../../platform/config/config.js';
import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { provide } from '../../platform/wiring/overrides.js';
import { Authenticate, PROVIDER_CREDENTIALS, type ProviderCredentials } from '../identity/index.js';
import { AddAllowedEmail } from './application/add-allowed-email.use-case.js';
import { CreateDocument } from './application/create-document.use-case.js';
import { DeleteDocument } from './application/delete-document.use-case.js';
import { GetDocument } from './application/get-document.use-case.js';
import { ListDocumentPage } from './application/list-document-page.use-case.js';
import { ListDocuments } from './application/list-documents.use-case.js';
import { ListDocumentParts } from './application/list-document-parts.use-case.js';
import { DOC_STORE, type DocStore } from './application/ports/doc-store.port.js';
import { DOCUMENT_LIST_READER } from './application/ports/document-list.reader.port.js';
import { DOCUMENT_PART_REPOSITORY } from './application/ports/document-part.repository.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './application/ports/document.repository.port.js';
import { RemoveAllowedEmail } from './application/remove-allowed-email.use-case.js';
import { RenameDocument } from './application/rename-document.use-case.js';
import { SetPlacement } from './application/set-placement.use-case.js';
import { ListDocumentTabs } from './application/list-document-tabs.use-case.js';
import { SetTab } from './application/set-tab.use-case.js';
import { UpdateDescription } from './application/update-description.use-case.js';
import { documentsRoutes } from './http/documents.routes.js';
import { localDocRoutes } from './http/local-doc.routes.js';
import { ownerAnswersCache } from './http/owner-answers.cache.js';
import { KnexDocumentListReader } from './infra/knex.document-list.reader.js';
import { CachedDocumentListReader } from './infra/cached.document-list.reader.js';
import { CachedDocumentRepository } from './infra/cached.document.repository.js';
import { KnexDocumentRepository } from './infra/knex.document.repository.js';
import { SignallingDocumentRepository } from './infra/signalling.document.repository.js';
import { KnexDocumentPartRepository } from './infra/knex.document-part.repository.js';
import { LazyDocStore, googleDocUrl } from './infra/lazy.doc-store.js';
import { LocalDocStore } from './infra/local.doc-store.js';

/** Entries kept in memory at most by each document cache (documents, addresses, list pages): a few MB. */
const DOCUMENT_CACHE_ENTRIES = 10_000;

/** Owners whose unpaged list answer is kept: at most a few tens of MB for the largest accounts. */
const WHOLE_LIST_ANSWERS = 64;

/** The document repository that reads through the short cache; resolved only by `withCachedDocumentReads`. */
const CACHED_DOCUMENT_REPOSITORY = Symbol('CachedDocumentRepository');

/**
 * Builds `reader` (a use case) with DOCUMENT_REPOSITORY reading through the short cache (docs/architecture.md,
 * "Caching"), everything else as `resolver` has it: the wiring gives it to the readers that may see a document
 * a few seconds old (the details view, mail intake and pipeline).
 */
export function withCachedDocumentReads<T>(resolver: DependencyContainer, reader: ClassProvider<T>['useClass']): T {
  const scope = resolver.createChildContainer();
  scope.register(DOCUMENT_REPOSITORY, { useFactory: (inner) => inner.resolve<DocumentRepository>(CACHED_DOCUMENT_REPOSITORY) });
  // Registered in the scope itself, so the scope builds it (not a registration of `resolver`'s).
  scope.register(reader, { useClass: reader });
  return scope.resolve(reader);
}

/**
 * Documents, allow-lists and forward addresses. `DOC_STORE` picks Google Docs or the local store; the
 * local store's documents are readable at /local-docs/:id, mounted only when this module built it.
 */
export function documentsModule({ container: c, config, db, clock, notifications }: ModuleContext): AppModule {
  // With the cache on, every change is announced (the signal drops every kept copy) and the readers given
  // `withCachedDocumentReads` read through the cache; everyone else reads the database.
  const knex = new KnexDocumentRepository(db);
  const documents = config.DOCUMENT_CACHE_SECONDS > 0 ? new SignallingDocumentRepository(knex, notifications) : knex;
  c.register(DOCUMENT_REPOSITORY, { useValue: documents });
  c.register(CACHED_DOCUMENT_REPOSITORY, {
    useValue:
      config.DOCUMENT_CACHE_SECONDS > 0
        ? new CachedDocumentRepository(documents, notifications, { ttlMs: config.DOCUMENT_CACHE_SECONDS * 1000, maxEntries: DOCUMENT_CACHE_ENTRIES, now: () => clock.now().getTime() })
        : documents,
  });
  c.register(GetDocument, { useFactory: (resolver) => withCachedDocumentReads(resolver, GetDocument) });
  c.register(DOCUMENT_PART_REPOSITORY, { useValue: new KnexDocumentPartRepository(db, notifications) });
  const lists = new KnexDocumentListReader(db);
  c.register(DOCUMENT_LIST_READER, {
    useValue:
      config.DOCUMENT_CACHE_SECONDS > 0
        ? new CachedDocumentListReader(lists, notifications, { ttlMs: config.DOCUMENT_CACHE_SECONDS * 1000, maxEntries: DOCUMENT_CACHE_ENTRIES, now: () => clock.now().getTime() })
        : lists,
  });
  // Null when a test's store stands (a local fake Google Docs): its pages are not mounted then.
  const local = config.DOC_STORE === 'local' ? provide(c, DOC_STORE, () => new LocalDocStore(db, config.PUBLIC_URL)) : null;
  if (config.DOC_STORE === 'google') provide(c, DOC_STORE, () => googleDocStore(config, () => c.resolve<ProviderCredentials>(PROVIDER_CREDENTIALS)));

  return {
    name: 'documents',
    http: {
      routers: () => [
        documentsRoutes({
          authenticate: c.resolve(Authenticate),
          store: c.resolve<DocStore>(DOC_STORE),
          create: c.resolve(CreateDocument),
          list: c.resolve(ListDocuments),
          listPage: c.resolve(ListDocumentPage),
          // A ttl of 0 (DOCUMENT_CACHE_SECONDS=0) keeps nothing: every request reads the list.
          answers: ownerAnswersCache(notifications, { ttlMs: config.DOCUMENT_CACHE_SECONDS * 1000, maxEntries: WHOLE_LIST_ANSWERS, now: () => clock.now().getTime() }),
          get: c.resolve(GetDocument),
          parts: c.resolve(ListDocumentParts),
          remove: c.resolve(DeleteDocument),
          addEmail: c.resolve(AddAllowedEmail),
          removeEmail: c.resolve(RemoveAllowedEmail),
          describe: c.resolve(UpdateDescription),
          place: c.resolve(SetPlacement),
          rename: c.resolve(RenameDocument),
          tabs: c.resolve(ListDocumentTabs),
          setTab: c.resolve(SetTab),
        }),
        ...(local ? [localDocRoutes(local)] : []),
      ],
    },
  };
}

function googleDocStore(config: AppConfig, credentials: () => ProviderCredentials): DocStore {
  return new LazyDocStore(async () => {
    const { GoogleDocsDocStore } = await import('./infra/google-docs.doc-store.js');
    // Config validation guarantees the Google client when DOC_STORE=google (it requires AUTH_PROVIDER=google).
    return new GoogleDocsDocStore({ clientId: config.GOOGLE_CLIENT_ID ?? '', clientSecret: config.GOOGLE_CLIENT_SECRET ?? '', credentials: credentials() });
  }, googleDocUrl);
}
