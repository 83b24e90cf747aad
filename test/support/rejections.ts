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
