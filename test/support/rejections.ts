import { AppError } from '../../src/shared/app-error.js';

/**
 * The error a call rejects with, for a test that checks more than its class (its message, its fields, what
 * it leaks). Throws when the call succeeds or rejects with something that is not an Error.
 */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error(`expected the call to fail with an Error, got ${String(error)}`);
  return error;
}

/** The code of the `AppError` a call rejects with; anything else (a success, another error) as text, so the assertion shows it. */
export async function appErrorCodeOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => 'no error',
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.code : String(error);
}
