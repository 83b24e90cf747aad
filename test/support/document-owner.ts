import type { DocumentListItem } from '../../src/contract/documents.js';
import { activateLocalSubscription } from './billing/subscribe.js';
import { createDocument } from './documents.js';
import { signInUser } from './sign-in.js';
import type { TestApp } from './test-app.js';

export interface DocumentOwner {
  token: string;
  userId: string;
  doc: DocumentListItem;
}

/**
 * The record most mail tests start from: a signed-in owner with one document (its allowed senders in
 * `document`) and, unless `subscribed` is false, a Basic subscription's tokens to spend.
 */
export async function aDocumentOwner(
  app: TestApp,
  document: Record<string, unknown> = {},
  { email = 'owner@example.com', subscribed = true }: { email?: string; subscribed?: boolean } = {},
): Promise<DocumentOwner> {
  const { token, userId } = await signInUser(app, { email });
  const doc = await createDocument(app, token, document);
  if (subscribed) await activateLocalSubscription(app.container, userId);
  return { token, userId, doc };
}
