/**
 * The signal every change to a document sends to every process (the notification bus): the caches of its
 * document, its address and its owner's list pages drop their copies. Its key names the owner and the
 * document.
 */
export const DOCUMENT_CHANGED_SIGNAL = 'document-changed';

export function documentChangedKey(ownerId: string, documentId: string): string {
  return `${ownerId} ${documentId}`;
}

/** Null for a key not sent by `documentChangedKey` (the payload crossed the database). */
export function parseDocumentChangedKey(key: string): { ownerId: string; documentId: string } | null {
  const [ownerId, documentId, ...rest] = key.split(' ');
  return ownerId && documentId && rest.length === 0 ? { ownerId, documentId } : null;
}
