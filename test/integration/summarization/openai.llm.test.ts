import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmFailedError, LlmUnavailableError } from '../../../src/modules/summarization/application/ports/llm.port.js';
import type { OpenAiLlm, OpenAiLlmOptions } from '../../../src/modules/summarization/infra/openai.llm.js';
import { messagesOf, startFakeOpenAi, type FakeOpenAi } from '../../support/fakes/fake-openai.server.js';
import { A_SUMMARY, API_KEY, aRequest, MODEL, openAiLlmOn } from '../../support/openai-llm.js';
import { failureOf } from '../../support/rejections.js';

let openai: FakeOpenAi;

const llm = (overrides: Partial<OpenAiLlmOptions> = {}): OpenAiLlm => openAiLlmOn(openai, overrides);

beforeEach(async () => {
  openai = await startFakeOpenAi({ apiKey: API_KEY, models: [MODEL] });
});

afterEach(async () => {
  await openai.close();
});

describe('OpenAiLlm against an OpenAI-compatible server', () => {
  it('returns the validated summary and the usage the server reports', async () => {
    openai.enqueue({ content: JSON.stringify(A_SUMMARY), usage: { promptTokens: 812, completionTokens: 95 } });

    const result = await llm().summarise(aRequest());

    expect(result).toEqual({ summary: A_SUMMARY, usage: { inputTokens: 812, outputTokens: 95 } });
    const [request] = openai.requests;
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe(MODEL);
    expect(request?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'mail_summary', strict: true, schema: { required: ['title', 'summary', 'keyPoints', 'actionItems'] } },
    });
    expect(request?.body.temperature).toBeLessThanOrEqual(0.3);
    expect(request?.body.max_tokens).toBe(2_000);
    expect(request?.body).not.toHaveProperty('tools');
    expect(request?.body).not.toHaveProperty('tool_choice');
    expect(messagesOf(request, 'system')).toHaveLength(1);
  });

  it('trims the answer and drops keys outside the schema', async () => {
    openai.answerJson({ ...A_SUMMARY, title: '  Vendor review moved \n', extra: 'ignored' });

    const { summary } = await llm().summarise(aRequest());

    expect(summary).toEqual(A_SUMMARY);
  });

  it('falls back to JSON mode for the one call whose json_schema the server refuses, and asks with json_schema again next time', async () => {
    openai.rejectJsonSchema(true);
    openai.answerJson(A_SUMMARY);
    const adapter = llm();

    await expect(adapter.summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });
    openai.rejectJsonSchema(false);
    openai.answerJson(A_SUMMARY);
    await expect(adapter.summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });

    expect(openai.requests.map((request) => [request.body.response_format?.type, request.status])).toEqual([
      ['json_schema', 400],
      ['json_object', 200],
      ['json_schema', 200],
    ]);
  });

  it('keeps JSON mode for the repair request of a call that fell back', async () => {
    openai.rejectJsonSchema(true);
    openai.enqueue({ content: 'not json' });
    openai.answerJson(A_SUMMARY);

    await expect(llm().summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });

    expect(openai.requests.map((request) => request.body.response_format?.type)).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('fails for good on any other 400 to json_schema, with the server message and without a fallback', async () => {
    openai.enqueue({ status: 400, error: { message: "Invalid 'messages[1].content': string too long.", param: 'messages' } });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toContain("Invalid 'messages[1].content': string too long.");
    expect(openai.requests).toHaveLength(1);
  });

  it('sends the configured output limit with every request', async () => {
    openai.enqueue({ content: 'not json' });
    openai.answerJson(A_SUMMARY);

    await llm({ maxOutputTokens: 700 }).summarise(aRequest());

    expect(openai.requests.map((request) => request.body.max_tokens)).toEqual([700, 700]);
  });

  it('sends the limit as max_completion_tokens for that call when the server says max_tokens is unsupported', async () => {
    openai.enqueue({
      status: 400,
      error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", param: 'max_tokens' },
    });
    openai.answerJson(A_SUMMARY);

    await expect(llm({ maxOutputTokens: 900 }).summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });

    expect(openai.requests.map((request) => [request.body.max_tokens, request.body.max_completion_tokens])).toEqual([
      [900, undefined],
      [undefined, 900],
    ]);
  });

  it('tells the model its answer was cut at the output limit when asking again', async () => {
    openai.enqueue({ content: '{"title": "Vendor review", "summary": "Anna moved', finishReason: 'length' });
    openai.answerJson(A_SUMMARY);

    await expect(llm().summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });
    expect(messagesOf(openai.requests[1], 'user')[1]).toContain('cut off at the output limit');
  });

  it('never makes more requests in one call than its budget, fallback and repair included', async () => {
    openai.rejectJsonSchema(true);
    openai.respondWith(() => ({ content: 'not json' }));

    const error = await failureOf(llm().summarise(aRequest()));
    const budgetOfTwo = await failureOf(llm().summarise(aRequest(), 2));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(budgetOfTwo).toBeInstanceOf(LlmFailedError);
    expect(openai.requests).toHaveLength(3 + 2);
  });

  it('asks once more when the answer is not valid JSON, naming the problem', async () => {
    openai.enqueue({ content: 'Sure! Here is the summary: {"title": "Vendor', usage: { promptTokens: 100, completionTokens: 10 } });
    openai.enqueue({ content: JSON.stringify(A_SUMMARY), usage: { promptTokens: 130, completionTokens: 40 } });

    const result = await llm().summarise(aRequest());

    expect(result).toEqual({ summary: A_SUMMARY, usage: { inputTokens: 230, outputTokens: 50 } });
    const repair = openai.requests[1];
    expect(repair?.body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messagesOf(repair, 'user')[1]).toContain('not valid JSON');
  });

  it('asks once more when the JSON breaks the schema, then accepts the repaired answer', async () => {
    openai.answerJson({ ...A_SUMMARY, keyPoints: Array.from({ length: 11 }, (_, i) => `Point ${i}`) });
    openai.answerJson(A_SUMMARY);

    await expect(llm().summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });
    expect(messagesOf(openai.requests[1], 'user')[1]).toContain('keyPoints');
  });

  it('accepts JSON wrapped in a code fence, as some local models write it', async () => {
    openai.enqueue({ content: `\`\`\`json\n${JSON.stringify(A_SUMMARY)}\n\`\`\`` });

    await expect(llm().summarise(aRequest())).resolves.toMatchObject({ summary: A_SUMMARY });
    expect(openai.requests).toHaveLength(1);
  });

  it('fails for good when the answer is invalid twice', async () => {
    openai.enqueue({ content: 'not json' }, { content: JSON.stringify({ title: 'Only a title' }) });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toMatch(/summary/);
    expect(openai.requests).toHaveLength(2);
  });

  it('does not retry a 429 itself: one request, then unavailable for the rate limit', async () => {
    openai.enqueue({ status: 429, error: { message: 'Rate limit reached' } }, { content: JSON.stringify(A_SUMMARY) });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ why: 'rate-limit' });
    expect(openai.requests.map((request) => request.status)).toEqual([429]);
  });

  it('reports a 500 as a server error after one request', async () => {
    openai.enqueue({ status: 500, error: { message: 'The server had an error' } }, { content: JSON.stringify(A_SUMMARY) });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ why: 'server-error' });
    expect(error.message).toContain('500');
    expect(openai.requests).toHaveLength(1);
  });

  it('reports a server that sends no headers within the deadline as a timeout', async () => {
    openai.enqueue({ hang: 'headers' });

    const error = await failureOf(llm({ timeoutMs: 100 }).summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ why: 'timeout' });
    expect(error.message).toMatch(/did not answer within 100 ms/);
  });

  it('ends a body that trickles at the deadline, as a timeout', async () => {
    openai.enqueue({ hang: 'body', content: JSON.stringify(A_SUMMARY) });

    const error = await failureOf(llm({ timeoutMs: 150 }).summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ why: 'timeout' });
    expect(openai.requests).toHaveLength(1);
  });

  it('reports a server that cannot be reached as unavailable', async () => {
    const { baseUrl } = openai;
    await openai.close();

    const error = await failureOf(llm({ baseUrl }).summarise(aRequest()));
    openai = await startFakeOpenAi();

    expect(error).toBeInstanceOf(LlmUnavailableError);
    expect(error).toMatchObject({ why: 'connection' });
  });

  it('says the API key is refused on 401, without ever showing the key', async () => {
    const wrongKey = 'sk-wrong-9876543210zyxwvutsrq';

    const error = await failureOf(llm({ apiKey: wrongKey }).summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toMatch(/refused the API key \(401\)/);
    expect(openai.requests).toHaveLength(1);
    for (const shown of [error.message, inspect(error, { depth: 10 }), JSON.stringify(error)]) {
      expect(shown).not.toContain(wrongKey);
      expect(shown).not.toContain(API_KEY);
    }
  });

  it('says the API key is refused on 403', async () => {
    openai.enqueue({ status: 403, error: { message: 'Project does not have access' } });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toMatch(/refused the API key \(403\)/);
  });

  it('says the model is unknown on 404', async () => {
    const error = await failureOf(llm({ model: 'gpt-nonexistent' }).summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toContain('The model "gpt-nonexistent" is unknown');
  });

  it('fails for good on a bad request, with the server reason but never the key', async () => {
    openai.enqueue(
      { status: 400, error: { message: `This model's maximum context length is 8192 tokens (key ${API_KEY})` } },
      { status: 400, error: { message: `This model's maximum context length is 8192 tokens (key ${API_KEY})` } },
    );

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toContain('maximum context length');
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY);
  });

  it('treats a refusal as a failure no retry fixes', async () => {
    openai.enqueue({ content: null, refusal: "I'm sorry, I can't help with that." });

    const error = await failureOf(llm().summarise(aRequest()));

    expect(error).toBeInstanceOf(LlmFailedError);
    expect(error.message).toContain('refused');
  });

  it('sends a placeholder key to a local server that wants none, and estimates usage it does not report', async () => {
    await openai.close();
    openai = await startFakeOpenAi();
    openai.enqueue({ content: JSON.stringify(A_SUMMARY), usage: null });

    const { usage } = await llm({ apiKey: '' }).summarise(aRequest());

    expect(openai.requests[0]?.authorization).toMatch(/^Bearer \S+$/);
    expect(usage.inputTokens).toBeGreaterThan(100);
    expect(usage.outputTokens).toBe(Math.ceil(JSON.stringify(A_SUMMARY).length / 4));
  });

  it('leaves the temperature out when told to, for models that accept only their default', async () => {
    openai.answerJson(A_SUMMARY);

    await llm({ temperature: null }).summarise(aRequest());

    expect(openai.requests[0]?.body).not.toHaveProperty('temperature');
  });
});
