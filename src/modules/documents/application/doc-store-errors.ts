import { AppError } from '../../../shared/app-error.js';
import { DocumentErrors } from '../documents.errors.js';
import { DocAccessRevokedError, DocStoreUnavailableError } from './ports/doc-store.port.js';

/** Turns the store's failures into errors the user can act on; anything else stays a bug. */
export async function callDocStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DocStoreUnavailableError) {
      throw new AppError(DocumentErrors.STORE_UNAVAILABLE, 'Google Docs is not answering right now. Please try again in a moment.', { cause: error });
    }
    if (error instanceof DocAccessRevokedError) {
      throw new AppError(DocumentErrors.STORE_ACCESS_REVOKED, 'Mailscribe no longer has access to your Google Docs. Log out and sign in again to grant access.', { cause: error });
    }
    throw error;
  }
}
