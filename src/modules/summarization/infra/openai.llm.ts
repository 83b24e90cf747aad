import type OpenAI from 'openai';
import { buildSummaryPrompt, repairMessage, type ChatMessage } from '../application/prompt.js';
import { LlmFailedError, LlmUnavailableError, type Llm, type LlmUsage, type Summary, type SummaryRequest } from '../application/ports/llm.port.js';
import { statusOf, timedOut, toLlmError, unsupportedOptionOf, type FailureContext } from './openai-failure.js';
import { openAiSdk } from './openai.sdk.js';
import { parseAnswer, SUMMARY_JSON_SCHEMA } from './summary.schema.js';

export interface OpenAiLlmOptions {
  /** Any OpenAI-compatible endpoint (OpenAI, Azure-style proxies, Ollama, vLLM, LM Studio…). */
  baseUrl?: string;
  /** May be empty for local servers that want none: a placeholder is sent then. */
  apiKey?: string;
  model: string;
  /** The deadline of one summarise call, every request and every byte of each answer included. Default 60 s. */
  timeoutMs?: number;
  /** The most tokens one answer may have (`max_tokens`). Default 2,000. */
  maxOutputTokens?: number;
  /** Default 0.2. Null leaves it out, for models that accept only their default (OpenAI's reasoning models). */
  temperature?: number | null;
}

/** How many requests one summarise call may make unless told fewer: the first, one fallback, one repair. */
export const MAX_REQUESTS_PER_CALL = 3;

type ResponseFormat = NonNullable<OpenAI.ChatCompletionCreateParamsNonStreaming['response_format']>;
type LimitParameter = 'max_tokens' | 'max_completion_tokens';

/** What one summarise call has learnt about the server and spent; never outlives the call. */
interface CallState {
  format: ResponseFormat;
  limit: LimitParameter;
  requests: number;
  readonly maxRequests: number;
  readonly signal: AbortSignal;
  readonly usage: LlmUsage;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT_TOKENS = 2_000;
const NO_KEY = 'no-key';
/** A broken answer is shown back to the model with the repair request, up to this many characters. */
const MAX_ECHOED_ANSWER = 8_000;
const JSON_SCHEMA: ResponseFormat = {
  type: 'json_schema',
  json_schema: { name: 'mail_summary', strict: true, schema: SUMMARY_JSON_SCHEMA },
};
const JSON_OBJECT: ResponseFormat = { type: 'json_object' };

/**
 * The Llm port over any OpenAI-compatible chat completions endpoint, through the official SDK.
 *
 * One call is one attempt of the pipeline, and the pipeline alone decides about retries: the SDK's own
 * are off, and any 429, 5xx, timeout or lost connection ends the call at once. One deadline covers the
 * whole call (headers and body of every request), so a hanging or trickling server frees the worker
 * after `timeoutMs`. Every request carries an output limit.
 *
 * The answer is constrained by a JSON Schema (`response_format: json_schema`). A 400 that says that
 * format is unsupported is retried in plain JSON mode, and a 400 that says `max_tokens` is unsupported
 * with `max_completion_tokens`: for this call only, as another model behind the same URL may differ.
 * An answer that does not parse or match the schema is asked for once more, with the problem named. A
 * call never makes more than `MAX_REQUESTS_PER_CALL` requests. No tools are ever offered.
 */
export class OpenAiLlm implements Llm {
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly temperature: number | null;
  private readonly timeoutMs: number;
  private readonly maxOutputTokens: number;
  private readonly limitParameter: LimitParameter;
  private readonly failure: FailureContext;

  constructor(options: OpenAiLlmOptions) {
    const baseUrl = options.baseUrl?.trim() || DEFAULT_BASE_URL;
    const apiKey = options.apiKey?.trim() ?? '';
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxOutputTokens = options.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    this.model = options.model;
    this.temperature = options.temperature === undefined ? 0.2 : options.temperature;
    // OpenAI's own API takes `max_completion_tokens` for every model and refuses `max_tokens` for its
    // reasoning models; compatible servers (Ollama, llama.cpp, LM Studio, older vLLM) know `max_tokens`.
    this.limitParameter = isOpenAi(baseUrl) ? 'max_completion_tokens' : 'max_tokens';
    this.failure = { model: options.model, baseUrl: displayUrl(baseUrl), apiKey, timeoutMs: this.timeoutMs };
    // Every option the SDK would otherwise read from the environment is given explicitly.
    this.client = new (openAiSdk().OpenAI)({
      baseURL: baseUrl,
      apiKey: apiKey === '' ? NO_KEY : apiKey,
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: this.timeoutMs,
      maxRetries: 0,
      logLevel: 'off',
    });
  }

  /** `maxRequests` lowers this call's request budget (never above `MAX_REQUESTS_PER_CALL`). */
  async summarise(request: SummaryRequest, maxRequests: number = MAX_REQUESTS_PER_CALL): Promise<{ summary: Summary; usage: LlmUsage }> {
    const messages = [...buildSummaryPrompt(request).messages];
    const call: CallState = {
      format: JSON_SCHEMA,
      limit: this.limitParameter,
      requests: 0,
      maxRequests: Math.max(1, Math.min(MAX_REQUESTS_PER_CALL, Math.floor(maxRequests))),
      signal: AbortSignal.timeout(this.timeoutMs),
      usage: { inputTokens: 0, outputTokens: 0 },
    };
    try {
      return await this.summariseWithin(messages, call);
    } catch (error) {
      // The pipeline counts what a failed call spent against the mail's six requests.
      if (error instanceof LlmUnavailableError) error.requests = Math.max(1, call.requests);
      throw error;
    }
  }

  private async summariseWithin(messages: ChatMessage[], call: CallState): Promise<{ summary: Summary; usage: LlmUsage }> {
    const first = await this.complete(messages, call);
    const parsed = parseAnswer(first.content);
    if (parsed.ok) return { summary: parsed.summary, usage: call.usage };

    const problem = first.cut ? `${parsed.problem}: it was cut off at the output limit, so write a shorter answer` : parsed.problem;
    if (call.requests >= call.maxRequests) throw this.invalidAnswer(problem);
    messages.push({ role: 'assistant', content: (first.content ?? '').slice(0, MAX_ECHOED_ANSWER) }, repairMessage(problem));
    const repaired = parseAnswer((await this.complete(messages, call)).content);
    if (repaired.ok) return { summary: repaired.summary, usage: call.usage };
    throw this.invalidAnswer(repaired.problem);
  }

  private invalidAnswer(problem: string): LlmFailedError {
    return new LlmFailedError(`The model "${this.model}" did not answer with a valid summary: ${problem}.`);
  }

  /** One completion: its text and whether the output limit cut it, with its usage added to the call's. */
  private async complete(messages: readonly ChatMessage[], call: CallState): Promise<{ content: string | null; cut: boolean }> {
    const completion = await this.create(messages, call);
    const choice = completion.choices[0];
    const content = choice?.message.content ?? null;
    call.usage.inputTokens += completion.usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join(''));
    call.usage.outputTokens += completion.usage?.completion_tokens ?? estimateTokens(content ?? '');

    if (!choice) throw new LlmFailedError(`The model "${this.model}" answered without a choice.`);
    if (choice.message.refusal) {
      throw new LlmFailedError(`The model "${this.model}" refused: ${choice.message.refusal.slice(0, 200)}`);
    }
    if (choice.finish_reason === 'content_filter') {
      throw new LlmFailedError(`The model "${this.model}" stopped on its content filter.`);
    }
    return { content, cut: choice.finish_reason === 'length' };
  }

  /** Sends, falling back once per unsupported option; every request counts against the call's budget. */
  private async create(messages: readonly ChatMessage[], call: CallState): Promise<OpenAI.ChatCompletion> {
    for (;;) {
      call.requests += 1;
      try {
        return await this.send(messages, call);
      } catch (error) {
        // Whatever the SDK made of an abort mid-body, the cause is the deadline.
        if (call.signal.aborted) throw timedOut(this.failure);
        const unsupported = unsupportedOptionOf(error);
        const canRetry = call.requests < call.maxRequests;
        if (canRetry && unsupported === 'json-schema' && call.format === JSON_SCHEMA) {
          call.format = JSON_OBJECT;
        } else if (canRetry && unsupported === 'max-tokens' && call.limit === 'max_tokens') {
          call.limit = 'max_completion_tokens';
        } else {
          throw statusOf(error) === null && isAbort(error) ? timedOut(this.failure) : toLlmError(error, this.failure);
        }
      }
    }
  }

  private send(messages: readonly ChatMessage[], call: CallState): Promise<OpenAI.ChatCompletion> {
    const limit = call.limit === 'max_tokens' ? { max_tokens: this.maxOutputTokens } : { max_completion_tokens: this.maxOutputTokens };
    return this.client.chat.completions.create(
      {
        model: this.model,
        messages: messages.map(toSdkMessage),
        response_format: call.format,
        ...limit,
        ...(this.temperature === null ? {} : { temperature: this.temperature }),
      },
      // The SDK's timeout stops at the headers; the signal also ends a body that trickles.
      { signal: call.signal, maxRetries: 0 },
    );
  }
}

function toSdkMessage(message: ChatMessage): OpenAI.ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant':
      return { role: 'assistant', content: message.content };
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError' || error.name === 'APIUserAbortError');
}

function isOpenAi(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

/** For servers that report no usage: about four characters per token. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The base URL as it may appear in an error: without any credentials written into it. */
function displayUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return 'the configured base URL';
  }
}
