// Reading the server's error answers ({ error: { code, message } }, see docs/api.md) from ky's HTTPError.
import { HTTPError } from 'ky';

/** The HTTP status of a failed call, or null when the call never got an answer (network, abort). */
export function httpStatusOf(error: unknown): number | null {
  return error instanceof HTTPError ? error.response.status : null;
}
