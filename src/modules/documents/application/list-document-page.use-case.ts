import { inject, injectable } from 'tsyringe';
import type { DocumentCardPage, DocumentListQuery } from '../domain/document-list.js';
import { DOCUMENT_LIST_READER, type DocumentListReader } from './ports/document-list.reader.port.js';

/** One page of the documents list, searched and sorted by the server (large accounts). */
@injectable()
export class ListDocumentPage {
  constructor(@inject(DOCUMENT_LIST_READER) private readonly reader: DocumentListReader) {}

  execute(ownerId: string, query: DocumentListQuery): Promise<DocumentCardPage> {
    return this.reader.page(ownerId, query);
  }
}
