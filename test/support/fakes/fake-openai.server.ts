/**
 * A local stand-in for an OpenAI-compatible chat completions endpoint, close enough to the real
 * protocol for the official `openai` SDK: `POST /v1/chat/completions` answering OpenAI's response shape
 * (with `usage`) or OpenAI-shaped errors, from a queue of answers the test sets up, one per request.
 *
 * Usage:
 *   const openai = await startFakeOpenAi({ apiKey: 'sk-test', models: ['gpt-test'] });
 *   openai.enqueue({ content: JSON.stringify({ title, summary, keyPoints: [], actionItems: [] }) });
 *   openai.enqueue({ status: 429 }, { status: 500, error: { message: 'overloaded' } }, { delayMs: 500, content });
 *   // new OpenAiLlm({ baseUrl: openai.baseUrl, apiKey: 'sk-test', model: 'gpt-test' })
 *   openai.respondWith((body) => ({ status: 429 }))  // every request from now on, when nothing is queued
 *   openai.enqueue({ hang: 'headers' }, { hang: 'body', content })  // a model that never (fully) answers
 *   openai.enqueue({ until: released, content })  // answers once the test resolves `released`
 *   openai.requests[0].body.messages  // what the SDK sent
 *   await openai.close();
 *
 * 429 and 5xx answers carry `retry-after-ms: 10` unless the answer sets its own headers, so an SDK
 * that retries by itself stays quick in tests (the SDK honours that header, as it does from Azure OpenAI).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatAnswer {
  /** The assistant message's content: usually a JSON string. */
  content?: string | null;
  /** Answer with this status and an OpenAI-shaped error body instead of a completion. */
  status?: number;
  error?: { message?: string; type?: string; code?: string | null; param?: string | null };
  /** Wait this long before answering (a client with a shorter timeout gives up first). */
  delayMs?: number;
  /**
   * Answer only once this settles: a model that is busy for exactly as long as the test needs (say, until
   * it has checked what happens meanwhile), with no guess at how long that takes on a loaded machine.
   */
  until?: Promise<unknown>;
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string;
  /** Undefined: about four characters per token. Null: no `usage` in the answer. */
  usage?: { promptTokens: number; completionTokens: number } | null;
  headers?: Record<string, string>;
  /**
   * Never finish: `headers` sends nothing at all, `body` sends the status line, the headers and the
   * first bytes of the completion, then stalls (a model that trickles). Either lasts until the client
   * leaves.
   */
  hang?: 'headers' | 'body';
}

export interface ChatRequestMessage {
  role: string;
  content: string;
}

export interface ChatRequestBody {
  model: string;
  messages: ChatRequestMessage[];
  response_format?: { type: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
  [key: string]: unknown;
}

export interface RecordedChatRequest {
  /** The `Authorization` header as sent, or null. */
  authorization: string | null;
  body: ChatRequestBody;
  /** The status the fake answered (0 while the answer is pending or after the client left). */
  status: number;
}

export interface FakeOpenAi {
  url: string;
  /** What the SDK takes as `baseURL`. */
  baseUrl: string;
  enqueue(...answers: FakeChatAnswer[]): void;
  /** Shorthand: the next answer's content is this value as JSON. */
  answerJson(value: unknown): void;
  /** Answer 400 to `response_format: json_schema`, as servers without structured outputs do. */
  rejectJsonSchema(reject: boolean): void;
  /** The answer to every request when nothing is queued (instead of a 418). */
  respondWith(responder: ((body: ChatRequestBody) => FakeChatAnswer) | null): void;
  readonly requests: RecordedChatRequest[];
  /** Answers still queued. */
  pending(): number;
  close(): Promise<void>;
}

export async function startFakeOpenAi(options: { apiKey?: string; models?: string[] } = {}): Promise<FakeOpenAi> {
  const queue: FakeChatAnswer[] = [];
  const requests: RecordedChatRequest[] = [];
  let rejectSchema = false;
  let responder: ((body: ChatRequestBody) => FakeChatAnswer) | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendError(res, 404, { message: `Invalid URL (${req.method ?? 'GET'} ${req.url ?? '/'})` });
    }
    const body = parseBody(await readBody(req));
    if (!body) return sendError(res, 400, { message: 'We could not parse the JSON body of your request.' });
    const recorded: RecordedChatRequest = { authorization: req.headers.authorization ?? null, body, status: 0 };
    requests.push(recorded);
    const answer = (status: number, write: () => void): void => {
      recorded.status = res.destroyed ? 0 : status;
      if (!res.destroyed) write();
    };

    if (options.apiKey !== undefined && recorded.authorization !== `Bearer ${options.apiKey}`) {
      const presented = (recorded.authorization ?? '').replace(/^Bearer /, '');
      const error = { message: `Incorrect API key provided: ${maskKey(presented)}.`, code: 'invalid_api_key' };
      return answer(401, () => sendError(res, 401, error));
    }
    if (options.models && !options.models.includes(body.model)) {
      const error = { message: `The model \`${body.model}\` does not exist or you do not have access to it.`, code: 'model_not_found' };
      return answer(404, () => sendError(res, 404, error));
    }
    if (rejectSchema && body.response_format?.type === 'json_schema') {
      const error = {
        message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        param: 'response_format',
      };
      return answer(400, () => sendError(res, 400, error));
    }
    const next = queue.shift() ?? responder?.(body);
    if (!next) return answer(418, () => sendError(res, 418, { message: 'fake-openai: no answer queued' }));
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (next.until) await next.until.catch(() => undefined);
    if (next.hang === 'headers') return;
    if (next.hang === 'body') {
      const json = JSON.stringify(completionOf(body, next));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(json)) });
      res.write(json.slice(0, 20));
      return;
    }
    if (next.status !== undefined && next.status >= 400) {
      const retryable = next.status === 429 || next.status >= 500;
      const headers = next.headers ?? (retryable ? { 'retry-after-ms': '10' } : {});
      return answer(next.status, () => sendError(res, next.status ?? 500, next.error ?? {}, headers));
    }
    answer(200, () => sendJson(res, 200, completionOf(body, next), next.headers));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    enqueue: (...answers) => {
      queue.push(...answers);
    },
    answerJson: (value) => {
      queue.push({ content: JSON.stringify(value) });
    },
    rejectJsonSchema: (reject) => {
      rejectSchema = reject;
    },
    respondWith: (next) => {
      responder = next;
    },
    requests,
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The text of every message of a recorded request, by role. */
export function messagesOf(request: RecordedChatRequest | undefined, role: string): string[] {
  return (request?.body.messages ?? []).filter((message) => message.role === role).map((message) => message.content);
}

function completionOf(body: ChatRequestBody, answer: FakeChatAnswer): Record<string, unknown> {
  const content = answer.content === undefined ? null : answer.content;
  const promptChars = body.messages.reduce((sum, message) => sum + message.content.length, 0);
  const usage =
    answer.usage === null
      ? undefined
      : (answer.usage ?? { promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil((content ?? '').length / 4) });
  return {
    id: `chatcmpl-${randomBytes(12).toString('base64url')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    system_fingerprint: 'fp_fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: answer.refusal ?? null, annotations: [] },
        logprobs: null,
        finish_reason: answer.finishReason ?? 'stop',
      },
    ],
    ...(usage === undefined
      ? {}
      : {
          usage: {
            prompt_tokens: usage.promptTokens,
            completion_tokens: usage.completionTokens,
            total_tokens: usage.promptTokens + usage.completionTokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
          },
        }),
  };
}

function parseBody(raw: string): ChatRequestBody | null {
  try {
    const value = JSON.parse(raw) as Partial<ChatRequestBody>;
    if (typeof value.model !== 'string' || !Array.isArray(value.messages)) return null;
    const messages = value.messages.map((message) => ({
      role: String(message.role),
      content: typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    }));
    return { ...value, model: value.model, messages };
  } catch {
    return null;
  }
}

/** As OpenAI does: the key's first characters and last four, the rest starred. */
function maskKey(key: string): string {
  return key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendError(
  res: ServerResponse,
  status: number,
  error: FakeChatAnswer['error'] & object,
  headers: Record<string, string> = {},
): void {
  const body = {
    error: {
      message: error.message ?? `fake-openai: error ${status}`,
      type: error.type ?? (status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: error.param ?? null,
      code: error.code ?? null,
    },
  };
  sendJson(res, status, body, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': `req_${randomBytes(8).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}
