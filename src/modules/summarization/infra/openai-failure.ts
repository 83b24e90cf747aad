import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { LlmFailedError, LlmUnavailableError } from '../application/ports/llm.port.js';

export interface FailureContext {
  model: string;
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * What a failed call means for the pipeline: worth retrying later (`LlmUnavailableError`: 408, 409,
 * 429, 5xx, timeouts, no connection; the SDK has already retried these) or not (`LlmFailedError`).
 * Messages carry the server's own explanation, never the API key, and no SDK object is attached: its
 * request details are no business of a log line.
 */
export function toLlmError(error: unknown, context: FailureContext): LlmUnavailableError | LlmFailedError {
  const server = `the model server at ${context.baseUrl}`;
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmUnavailableError(`${capital(server)} did not answer within ${context.timeoutMs} ms.`);
  }
  if (error instanceof APIConnectionError) {
    return new LlmUnavailableError(`Could not reach ${server} (${connectionCode(error) ?? 'connection error'}).`);
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const { status } = error;
    const detail = redact(serverMessage(error), context.apiKey);
    const said = detail === '' ? '' : `: ${detail}`;
    if (status === 401 || status === 403) {
      return new LlmFailedError(`${capital(server)} refused the API key (${status}). Check OPENAI_API_KEY.`);
    }
    if (status === 404) {
      return new LlmFailedError(`The model "${context.model}" is unknown at ${context.baseUrl} (404)${said}`);
    }
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return new LlmUnavailableError(`${capital(server)} answered ${status}${said}`);
    }
    return new LlmFailedError(`${capital(server)} rejected the request (${status})${said}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmFailedError(`The call to ${server} failed: ${redact(message, context.apiKey)}`);
}

/** The status a failed call answered, or null when no answer came. */
export function statusOf(error: unknown): number | null {
  return error instanceof APIError && typeof error.status === 'number' ? error.status : null;
}

function serverMessage(error: APIError): string {
  const body: unknown = error.error;
  if (typeof body === 'string') return body.slice(0, 300);
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message.slice(0, 300);
  }
  return '';
}

/** Removes the key and anything shaped like one (`sk-…`), wherever a server chose to echo it. */
function redact(text: string, apiKey: string): string {
  const withoutKey = apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
  return withoutKey.replace(/\b(?:sk|rk|pk)-[A-Za-z0-9_*-]{6,}/g, '[redacted]');
}

function connectionCode(error: APIConnectionError): string | null {
  let current: unknown = error.cause;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
