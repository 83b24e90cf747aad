import { AppError } from '../../../shared/app-error.js';
import { DocumentErrors } from '../documents.errors.js';

/** Another user's document and a missing one answer the same way: nothing leaks. */
export function documentNotFound(): AppError {
  return new AppError(DocumentErrors.NOT_FOUND, 'Document not found.');
}

export function mustOwn<T>(found: T | null): T {
  if (found === null) throw documentNotFound();
  return found;
}

export function invalid(message: string, field: string): AppError {
  return new AppError(DocumentErrors.INVALID, message, { details: [{ path: field, message }] });
}
