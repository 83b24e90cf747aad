import { inject, injectable } from 'tsyringe';
import { summariseExtractively } from '../domain/extractive/extractive-summary.js';
import { plainText, singleLine, truncateAtWord } from '../domain/plain-text.js';
import { summaryBlock } from '../domain/summary-block.js';
import { SUMMARY_LIMITS, type Summary } from '../domain/summary.js';
import { LLM, type Llm, type LlmUsage, type SummaryRequest } from './ports/llm.port.js';

export interface SummarisedMail {
  /** A short title for the mail, one plain line. */
  title: string;
  /** The block's body, plain text: what is written under the mail's heading and sender line. */
  body: string;
  usage: LlmUsage;
}

/**
 * Turns one mail into the plain text written to the document. Whatever the model answers, only plain
 * text comes out: links, URLs, images, HTML and Markdown are removed here, after the adapter has
 * checked the answer's shape. A model that says nothing usable (an empty summary, or one made only of
 * links) is replaced by the offline summariser's reading of the same mail.
 */
@injectable()
export class SummariseMail {
  constructor(@inject(LLM) private readonly llm: Llm) {}

  /** `maxRequests`: see `Llm.summarise`. */
  async execute(request: SummaryRequest, maxRequests?: number): Promise<SummarisedMail> {
    const { summary, usage } = await this.llm.summarise(request, maxRequests);
    const usable: Summary =
      plainText(summary.summary) === '' ? summariseExtractively(request) : summary;
    const title = singleLine(summary.title) || singleLine(usable.title) || singleLine(request.subject);
    return {
      title: truncateAtWord(title, SUMMARY_LIMITS.titleChars),
      body: summaryBlock(usable, undefined, { knownAddresses: knownAddresses(request) }),
      usage,
    };
  }
}

const ADDRESS = /[^\s<>"]+@[^\s<>"]+/g;

/**
 * The addresses this mail's own people use: its sender, its forwarder and the reader. An action item that
 * sends the reader to any other address came from the mail's text or a model led astray, and is dropped.
 */
function knownAddresses(request: SummaryRequest): string[] {
  const texts = [request.from, request.forwardedBy?.sender ?? '', request.reader?.address ?? ''];
  return texts.flatMap((text) => text.match(ADDRESS) ?? []);
}
