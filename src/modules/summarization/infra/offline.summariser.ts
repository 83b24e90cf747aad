import type { Llm, LlmUsage, Summary, SummaryRequest } from '../application/ports/llm.port.js';
import { summariseExtractively } from '../domain/extractive/extractive-summary.js';

/**
 * The embedded default: an extractive summary computed here, with no network and no account. The same
 * mail always gives the same summary, shaped by the mail's kind and steered by the document's
 * description. Usage is reported as a model would, at about four characters per token.
 */
export class OfflineSummariser implements Llm {
  summarise(request: SummaryRequest): Promise<{ summary: Summary; usage: LlmUsage }> {
    const summary = summariseExtractively(request);
    const outChars = [summary.title, summary.summary, ...summary.keyPoints, ...summary.actionItems].join('').length;
    return Promise.resolve({
      summary,
      usage: {
        inputTokens: Math.ceil((request.subject.length + request.text.length) / 4),
        outputTokens: Math.ceil(outChars / 4),
      },
    });
  }
}
