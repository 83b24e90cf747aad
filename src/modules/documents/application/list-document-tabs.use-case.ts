import { inject, injectable } from 'tsyringe';
import { AppError } from '../../../shared/app-error.js';
import { DocumentErrors } from '../documents.errors.js';
import { callDocStore } from './doc-store-errors.js';
import { mustOwn } from './find-owned-document.js';
import { DOC_STORE, DocNotFoundError, type DocStore, type DocTab } from './ports/doc-store.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

export interface DocumentTabs {
  tabs: DocTab[];
  /** The tab blocks go to: the chosen one, or the first when none was chosen or the chosen one is gone. */
  tabId: string | null;
  /** A tab was chosen and the linked document no longer has it: blocks go to the first tab. */
  chosenTabMissing: boolean;
}

/** The tabs of a document's linked document, for the settings' tab choice. */
@injectable()
export class ListDocumentTabs {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
  ) {}

  async execute(ownerId: string, id: string): Promise<DocumentTabs> {
    const document = mustOwn(await this.documents.findOwned(ownerId, id));
    const tabs = await linkedTabs(this.store, ownerId, document.externalId);
    const chosen = document.tabId ?? null;
    const found = chosen !== null && tabs.some((tab) => tab.id === chosen);
    return { tabs, tabId: found ? chosen : (tabs[0]?.id ?? null), chosenTabMissing: chosen !== null && !found };
  }
}

/** The linked document's tabs; a linked document deleted in Drive says so in words the user can act on. */
export async function linkedTabs(store: DocStore, ownerId: string, externalId: string): Promise<DocTab[]> {
  try {
    return await callDocStore(() => store.tabs({ userId: ownerId }, externalId));
  } catch (error) {
    if (!(error instanceof DocNotFoundError)) throw error;
    throw new AppError(DocumentErrors.NOT_FOUND, 'The linked document is gone from your Google Drive.', { cause: error });
  }
}
