import type { z } from 'zod';
import { AppError, GenericErrors } from '../../shared/app-error.js';

/** Parses a body, query or params object; the client gets each failing field and why. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = details[0];
  throw new AppError(GenericErrors.REQUEST_INVALID, first ? `${first.path || 'request'}: ${first.message}` : 'Invalid request.', { details });
}
