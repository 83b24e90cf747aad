import { inject, injectable } from 'tsyringe';
import { invalid, mustOwn } from './find-owned-document.js';
import { linkedTabs } from './list-document-tabs.use-case.js';
import { DOC_STORE, type DocStore } from './ports/doc-store.port.js';
import { DOCUMENT_REPOSITORY, type DocumentRepository } from './ports/document.repository.port.js';

/**
 * The tab of the linked document that new summaries go to. Only a tab the document has now is taken;
 * if the user deletes it later, blocks go to the first tab and the mail says so.
 */
@injectable()
export class SetTab {
  constructor(
    @inject(DOCUMENT_REPOSITORY) private readonly documents: DocumentRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
  ) {}

  async execute(ownerId: string, id: string, tabId: string): Promise<void> {
    const document = mustOwn(await this.documents.findOwned(ownerId, id));
    const tabs = await linkedTabs(this.store, ownerId, document.externalId);
    if (!tabs.some((tab) => tab.id === tabId)) throw invalid('The linked document has no such tab. Reload the page to see its tabs.', 'tabId');
    mustOwn(await this.documents.update(ownerId, id, { tabId }));
  }
}
