// The user-facing message of the server's error answers ({ error: { code, message } }, docs/api.md).
import { HTTPError } from 'ky';

/** The server's own message of a failed call, or null when there is none (no answer, no JSON, no message). */
export async function serverMessageOf(error: unknown): Promise<string | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body: unknown = await error.response.clone().json();
    const inner = typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : undefined;
    const message: unknown = typeof inner === 'object' && inner !== null ? Reflect.get(inner, 'message') : undefined;
    return typeof message === 'string' && message.trim() !== '' ? message : null;
  } catch {
    return null;
  }
}
