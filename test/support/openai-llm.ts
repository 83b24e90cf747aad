import type { Summary, SummaryRequest } from '../../src/modules/summarization/application/ports/llm.port.js';
import { OpenAiLlm, type OpenAiLlmOptions } from '../../src/modules/summarization/infra/openai.llm.js';
import type { FakeOpenAi } from './fakes/fake-openai.server.js';

// The OpenAI adapter's own tests: the key and model the fake OpenAI server is started with, the adapter on
// that server, a mail to summarise and a summary for the fake to answer with.

export const API_KEY = 'sk-test-0123456789abcdefghijklmnop';
export const MODEL = 'gpt-test-mini';

export const A_SUMMARY: Summary = {
  title: 'Vendor review moved',
  summary: 'Anna moved the vendor review to Thursday at 14:00 so that Finance can join.',
  keyPoints: ['Logistics costs are 18% over plan.'],
  actionItems: ['Send the updated budget sheet by Wednesday noon.'],
};

export function aRequest(overrides: Partial<SummaryRequest> = {}): SummaryRequest {
  return {
    subject: 'Re: Vendor review and Q2 budget',
    from: 'Anna Kowalczyk <anna@northwind.example>',
    date: new Date('2024-06-03T09:47:00Z'),
    kind: 'thread',
    forwardedBy: null,
    text: 'I moved the vendor review to Thursday at 14:00. Could you send the budget sheet by Wednesday noon?',
    instructions: 'Write the summary in Polish, two sentences at most.',
    ...overrides,
  };
}

/** The adapter on `openai` with API_KEY, MODEL and a 2 s timeout, unless `overrides` say otherwise. */
export function openAiLlmOn(openai: FakeOpenAi, overrides: Partial<OpenAiLlmOptions> = {}): OpenAiLlm {
  return new OpenAiLlm({ baseUrl: openai.baseUrl, apiKey: API_KEY, model: MODEL, timeoutMs: 2_000, ...overrides });
}
