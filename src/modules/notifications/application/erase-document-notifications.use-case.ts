import { inject, injectable } from 'tsyringe';
import type { Transaction } from '../../../shared/transaction.js';
import type { DeletedDocument, DocumentDataEraser } from '../../documents/index.js';
import { NOTIFICATION_STORE, type NotificationStore } from './ports/notification-store.port.js';

/**
 * A deleted document's notification mails, in the deletion's transaction: a refused sender's or a failed
 * mail's notice names senders and subjects, which must go with the document's mail (docs/operations.md
 * § What is kept).
 */
@injectable()
export class EraseDocumentNotifications implements DocumentDataEraser {
  constructor(@inject(NOTIFICATION_STORE) private readonly store: NotificationStore) {}

  erase(tx: Transaction, document: DeletedDocument): Promise<void> {
    return this.store.eraseDocument(tx, document.id);
  }
}
