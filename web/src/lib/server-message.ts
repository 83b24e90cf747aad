// The user-facing message of the server's error answers ({ error: { code, message, details } },
// docs/api.md). Validation errors are turned into sentences (lib/field-errors), never shown raw.
import { HTTPError } from 'ky';
import { humanErrorMessage } from './field-errors';

/** The message to show for a failed call, or null when there is none (no answer, no JSON, no message). */
export async function serverMessageOf(error: unknown): Promise<string | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body: unknown = await error.response.clone().json();
    const inner: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
    if (typeof inner !== 'object' || inner === null) return null;
    const message: unknown = Reflect.get(inner, 'message');
    if (typeof message !== 'string' || message.trim() === '') return null;
    return humanErrorMessage({ code: Reflect.get(inner, 'code'), message, details: Reflect.get(inner, 'details') });
  } catch {
    return null;
  }
}
