import type { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { DOC_STORE, type DocStore } from './application/ports/doc-store.port.js';
import { LocalDocStore } from './infra/local.doc-store.js';
import { documentsRoutes } from './http/documents.routes.js';
import { localDocRoutes } from './http/local-doc.routes.js';

export type { Document } from './domain/document.js';
export {
  DOC_STORE,
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreUnavailableError,
  type DocStore,
  type DocBlock,
  type DocPosition,
} from './application/ports/doc-store.port.js';
export { DOCUMENT_REPOSITORY, type DocumentRepository } from './application/ports/document.repository.port.js';
export { forwardTokenOf } from './domain/forward-address.js';
export { isOnList } from './domain/allowed-emails.js';

/** The documents module's HTTP surface: the spec's document calls, and the local documents' pages. */
export function documentsRouters(c: DependencyContainer): Router[] {
  const store = c.resolve<DocStore>(DOC_STORE);
  const routers: Router[] = [documentsRoutes(c)];
  if (store instanceof LocalDocStore) routers.push(localDocRoutes(store));
  return routers;
}
