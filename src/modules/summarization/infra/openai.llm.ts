import OpenAI from 'openai';
import { buildSummaryPrompt, repairMessage, type ChatMessage } from '../application/prompt.js';
import {
  LlmFailedError,
  type Llm,
  type LlmUsage,
  type Summary,
  type SummaryRequest,
} from '../application/ports/llm.port.js';
import { statusOf, toLlmError, type FailureContext } from './openai-failure.js';
import { parseAnswer, SUMMARY_JSON_SCHEMA } from './summary.schema.js';

export interface OpenAiLlmOptions {
  /** Any OpenAI-compatible endpoint (OpenAI, Azure-style proxies, Ollama, vLLM, LM Studio…). */
  baseUrl?: string;
  /** May be empty for local servers that want none: a placeholder is sent then. */
  apiKey?: string;
  model: string;
  /** Per attempt. Default 60 s. */
  timeoutMs?: number;
  /** The SDK's own retries of 408/409/429/5xx and connection failures, with its backoff. Default 2. */
  maxRetries?: number;
  /** Default 0.2. Null leaves it out, for models that accept only their default (OpenAI's reasoning models). */
  temperature?: number | null;
}

type ResponseFormat = NonNullable<OpenAI.ChatCompletionCreateParamsNonStreaming['response_format']>;

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const NO_KEY = 'no-key';
/** A broken answer is shown back to the model with the repair request, up to this many characters. */
const MAX_ECHOED_ANSWER = 8_000;
const JSON_SCHEMA: ResponseFormat = {
  type: 'json_schema',
  json_schema: { name: 'mail_summary', strict: true, schema: SUMMARY_JSON_SCHEMA },
};
const JSON_OBJECT: ResponseFormat = { type: 'json_object' };

/**
 * The Llm port over any OpenAI-compatible chat completions endpoint, through the official SDK. The
 * answer is constrained by a JSON Schema (`response_format: json_schema`); a server that answers 400
 * to that is asked once with plain JSON mode instead, and this instance remembers it. An answer that
 * does not parse or match the schema is asked for once more, with the problem named; a second miss is
 * an `LlmFailedError`. No tools are ever offered.
 */
export class OpenAiLlm implements Llm {
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly temperature: number | null;
  private readonly failure: FailureContext;
  private jsonSchemaSupported = true;

  constructor(options: OpenAiLlmOptions) {
    const baseUrl = options.baseUrl?.trim() || DEFAULT_BASE_URL;
    const apiKey = options.apiKey?.trim() ?? '';
    const timeoutMs = options.timeoutMs ?? 60_000;
    this.model = options.model;
    this.temperature = options.temperature === undefined ? 0.2 : options.temperature;
    this.failure = { model: options.model, baseUrl: displayUrl(baseUrl), apiKey, timeoutMs };
    // Every option the SDK would otherwise read from the environment is given explicitly.
    this.client = new OpenAI({
      baseURL: baseUrl,
      apiKey: apiKey === '' ? NO_KEY : apiKey,
      adminAPIKey: null,
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: timeoutMs,
      maxRetries: options.maxRetries ?? 2,
      logLevel: 'off',
    });
  }

  async summarise(request: SummaryRequest): Promise<{ summary: Summary; usage: LlmUsage }> {
    const messages = [...buildSummaryPrompt(request).messages];
    const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };

    const first = await this.complete(messages, usage);
    const parsed = parseAnswer(first);
    if (parsed.ok) return { summary: parsed.summary, usage };

    messages.push({ role: 'assistant', content: (first ?? '').slice(0, MAX_ECHOED_ANSWER) }, repairMessage(parsed.problem));
    const repaired = parseAnswer(await this.complete(messages, usage));
    if (repaired.ok) return { summary: repaired.summary, usage };
    throw new LlmFailedError(`The model "${this.model}" did not answer with a valid summary after a retry: ${repaired.problem}.`);
  }

  /** One completion: its text, with its usage added to `usage`. */
  private async complete(messages: readonly ChatMessage[], usage: LlmUsage): Promise<string | null> {
    const completion = await this.create(messages);
    const choice = completion.choices[0];
    const content = choice?.message.content ?? null;
    usage.inputTokens += completion.usage?.prompt_tokens ?? estimateTokens(messages.map((m) => m.content).join(''));
    usage.outputTokens += completion.usage?.completion_tokens ?? estimateTokens(content ?? '');

    if (!choice) throw new LlmFailedError(`The model "${this.model}" answered without a choice.`);
    if (choice.message.refusal) {
      throw new LlmFailedError(`The model "${this.model}" refused: ${choice.message.refusal.slice(0, 200)}`);
    }
    if (choice.finish_reason === 'content_filter') {
      throw new LlmFailedError(`The model "${this.model}" stopped on its content filter.`);
    }
    return content;
  }

  private async create(messages: readonly ChatMessage[]): Promise<OpenAI.ChatCompletion> {
    if (this.jsonSchemaSupported) {
      try {
        return await this.send(messages, JSON_SCHEMA);
      } catch (error) {
        if (statusOf(error) !== 400) throw toLlmError(error, this.failure);
      }
      // The server may not know `json_schema`: ask once in plain JSON mode and remember if that works.
      const completion = await this.sendOrFail(messages, JSON_OBJECT);
      this.jsonSchemaSupported = false;
      return completion;
    }
    return this.sendOrFail(messages, JSON_OBJECT);
  }

  private async sendOrFail(messages: readonly ChatMessage[], format: ResponseFormat): Promise<OpenAI.ChatCompletion> {
    try {
      return await this.send(messages, format);
    } catch (error) {
      throw toLlmError(error, this.failure);
    }
  }

  private send(messages: readonly ChatMessage[], format: ResponseFormat): Promise<OpenAI.ChatCompletion> {
    return this.client.chat.completions.create({
      model: this.model,
      messages: messages.map(toSdkMessage),
      response_format: format,
      ...(this.temperature === null ? {} : { temperature: this.temperature }),
    });
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
