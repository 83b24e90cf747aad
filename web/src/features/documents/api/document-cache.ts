// What a change the server accepted does to the cached documents: the accepted values are written in at
// once (the screen shows them without a reload), and the queries are invalidated so the next use, a return
// to the window or a server event reloads them from the server.
import type { QueryClient } from '@tanstack/react-query';
import { documentKeys } from './query-keys';
import type { DocumentCard, DocumentDetails, DocumentListItem, DocumentsPage } from './types';

type SharedFields = Partial<Pick<DocumentDetails, 'documentName' | 'emails'>>;

/** Changes the card of one document on every cached page of the list. */
function updateCards(queryClient: QueryClient, change: (cards: DocumentCard[]) => DocumentCard[]): void {
  queryClient.setQueriesData<DocumentsPage>({ queryKey: documentKeys.pages() }, (page) => {
    if (!page) return page;
    const data = change(page.data);
    // A card that left its page leaves the total too.
    return { ...page, data, total: Math.max(0, page.total - (page.data.length - data.length)) };
  });
}

/** Applies an accepted change of one document to its details and to its card in the list. */
export function writeDocumentChange(queryClient: QueryClient, documentId: string, change: Partial<DocumentDetails>): void {
  queryClient.setQueryData<DocumentDetails>(documentKeys.details(documentId), (details) => details && { ...details, ...change });
  const { documentName, emails }: SharedFields = change;
  const listChange: Partial<DocumentListItem> = {
    ...(documentName !== undefined ? { documentName } : {}),
    ...(emails !== undefined ? { emails } : {}),
  };
  if (Object.keys(listChange).length > 0) {
    queryClient.setQueryData<DocumentListItem[]>(documentKeys.list(), (items) =>
      items?.map((item) => (item.documentId === documentId ? { ...item, ...listChange } : item)),
    );
    const cardChange: Partial<DocumentCard> = {
      ...(documentName !== undefined ? { documentName } : {}),
      ...(emails !== undefined ? { allowedEmailsCount: emails.length } : {}),
    };
    updateCards(queryClient, (cards) => cards.map((card) => (card.documentId === documentId ? { ...card, ...cardChange } : card)));
  }
  // The details page shows the accepted values already: marked stale, not reloaded under the user's next edit.
  void queryClient.invalidateQueries({ queryKey: documentKeys.details(documentId), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: documentKeys.list() });
}

/** A created document goes first in the list (docs/product.md § Documents list), and on the first page of each cached order; they are then reloaded. */
export function writeCreatedDocument(queryClient: QueryClient, created: DocumentListItem): void {
  queryClient.setQueryData<DocumentListItem[]>(documentKeys.list(), (items) =>
    items && [created, ...items.filter((item) => item.documentId !== created.documentId)],
  );
  const { documentId, documentName, emails, forwardEmail, documentUrl, createdAt } = created;
  const card: DocumentCard = { documentId, documentName, allowedEmailsCount: emails.length, forwardEmail, documentUrl, createdAt };
  queryClient.setQueriesData<DocumentsPage>({ queryKey: documentKeys.pages() }, (page) => {
    if (!page || page.page !== 1 || page.data.some((item) => item.documentId === documentId)) return page;
    return { ...page, data: [card, ...page.data], total: page.total + 1 };
  });
  void queryClient.invalidateQueries({ queryKey: documentKeys.list() });
}

/** A deleted document leaves the list once the server confirmed it (docs/product.md § Documents list) and its cached details go. */
export function writeDeletedDocument(queryClient: QueryClient, documentId: string): void {
  queryClient.setQueryData<DocumentListItem[]>(documentKeys.list(), (items) => items?.filter((item) => item.documentId !== documentId));
  updateCards(queryClient, (cards) => cards.filter((card) => card.documentId !== documentId));
  queryClient.removeQueries({ queryKey: documentKeys.details(documentId) });
  queryClient.removeQueries({ queryKey: documentKeys.receivedMails(documentId) });
  queryClient.removeQueries({ queryKey: documentKeys.forwardingConfirmation(documentId) });
  void queryClient.invalidateQueries({ queryKey: documentKeys.list() });
}
