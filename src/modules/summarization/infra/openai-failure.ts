import type { APIConnectionError, APIError } from 'openai';
import { LlmFailedError, LlmUnavailableError } from '../application/ports/llm.port.js';
import { openAiSdk } from './openai.sdk.js';

export interface FailureContext {
  model: string;
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * What a failed call means for the pipeline: worth retrying later (`LlmUnavailableError`, with why:
 * 429, 5xx, 408/409, timeouts, no connection) or not (`LlmFailedError`). The SDK never retries by
 * itself here, so this is the outcome of one request. Messages carry the server's own explanation,
 * never the API key, and no SDK object is attached: its request details are no business of a log line.
 */
export function toLlmError(error: unknown, context: FailureContext): LlmUnavailableError | LlmFailedError {
  const server = `the model server at ${context.baseUrl}`;
  const sdk = openAiSdk();
  if (error instanceof sdk.APIConnectionTimeoutError) return timedOut(context);
  if (error instanceof sdk.APIConnectionError) {
    return new LlmUnavailableError(`Could not reach ${server} (${connectionCode(error) ?? 'connection error'}).`, 'connection');
  }
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const { status } = error;
    const detail = redact(serverMessage(error), context.apiKey);
    const said = detail === '' ? '' : `: ${detail}`;
    if (status === 401 || status === 403) {
      return new LlmFailedError(`${capital(server)} refused the API key (${status}). Check OPENAI_API_KEY.`);
    }
    if (status === 404) {
      return new LlmFailedError(`The model "${context.model}" is unknown at ${context.baseUrl} (404)${said}`);
    }
    if (status === 429) return new LlmUnavailableError(`${capital(server)} answered 429 (rate limit)${said}`, 'rate-limit');
    if (status === 408) return new LlmUnavailableError(`${capital(server)} answered 408 (request timeout)${said}`, 'timeout');
    if (status === 409 || status >= 500) return new LlmUnavailableError(`${capital(server)} answered ${status}${said}`, 'server-error');
    return new LlmFailedError(`${capital(server)} rejected the request (${status})${said}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmFailedError(`The call to ${server} failed: ${redact(message, context.apiKey)}`);
}

/** The attempt's deadline passed, whether waiting for the headers or for the rest of the body. */
export function timedOut(context: FailureContext): LlmUnavailableError {
  return new LlmUnavailableError(`The model server at ${context.baseUrl} did not answer within ${context.timeoutMs} ms.`, 'timeout');
}

/** The status a failed call answered, or null when no answer came. */
export function statusOf(error: unknown): number | null {
  return error instanceof openAiSdk().APIError && typeof error.status === 'number' ? error.status : null;
}

/** A request option a 400 can say the server does not support, and that has a fallback. */
export type UnsupportedOption = 'json-schema' | 'max-tokens';

/**
 * Which of our options a 400 says is unsupported, from the error's `param` or its message; null for
 * any other 400 (a context too long, a bad value…), which no change of format would fix. Servers word
 * this differently: OpenAI names the parameter ("'response_format' of type 'json_schema' is not
 * supported", "Unsupported parameter: 'max_tokens' … Use 'max_completion_tokens' instead"), vLLM, LM
 * Studio and llama.cpp say "json_schema"/"response_format" with "not supported"/"unknown"/"invalid".
 */
export function unsupportedOptionOf(error: unknown): UnsupportedOption | null {
  if (statusOf(error) !== 400 || !(error instanceof openAiSdk().APIError)) return null;
  const param = typeof error.param === 'string' ? error.param.toLowerCase() : '';
  const message = serverMessage(error).toLowerCase();
  const unsupported = /not supported|unsupported|not (?:allowed|available|implemented)|unknown|unrecognized|not recogni[sz]ed|must be one of/.test(message);
  if (param === 'max_tokens' || (/\bmax_tokens\b/.test(message) && (unsupported || message.includes('max_completion_tokens')))) {
    return 'max-tokens';
  }
  const aboutFormat = param.startsWith('response_format') || /response_format|json_schema|structured output/.test(message);
  return aboutFormat && unsupported ? 'json-schema' : null;
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
