import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { AppError, GenericErrors } from '../../shared/app-error.js';

/**
 * Parses a body, query or params object; the client gets each failing field and why. Takes any zod
 * schema: the contract's (zod/mini, so the web app can parse with them cheaply) and the server's own.
 */
export function validate<S extends $ZodType>(schema: S, input: unknown): output<S> {
  const parsed = safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = details[0];
  throw new AppError(GenericErrors.REQUEST_INVALID, first ? `${first.path || 'request'}: ${first.message}` : 'Invalid request.', { details });
}
