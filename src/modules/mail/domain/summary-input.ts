import { capText } from './mail-text.js';
import type { StructuredMail } from './structured-mail.js';

/**
 * What is summarised of a mail, and so what it costs (docs/attachments.md): its subject, its cleaned
 * body, then the text of each attachment read, in order, together cut at one cap. One function for the
 * price and for the summariser, so a user pays for exactly the characters summarised.
 */
export interface SummaryInput {
  body: string;
  attachments: { name: string; text: string }[];
  /** Characters summarised and charged: the subject, the body and the attachments' text, after the cap. */
  chars: number;
  /** Characters there were before the cap. */
  totalChars: number;
}

export function summaryInput(mail: Pick<StructuredMail, 'subject' | 'body' | 'attachments'>, maxChars: number): SummaryInput {
  const read = (mail.attachments ?? []).filter((attachment) => attachment.status === 'read' && attachment.text !== '');
  const totalChars = mail.subject.length + mail.body.length + read.reduce((sum, attachment) => sum + attachment.text.length, 0);
  let left = Math.max(0, maxChars - mail.subject.length);
  const body = capText(mail.body, left);
  left -= body.length;
  const attachments: SummaryInput['attachments'] = [];
  for (const attachment of read) {
    if (left <= 0) break;
    const text = capText(attachment.text, left);
    left -= text.length;
    attachments.push({ name: attachment.name, text });
  }
  const chars = Math.min(totalChars, mail.subject.length + body.length + attachments.reduce((sum, attachment) => sum + attachment.text.length, 0));
  return { body, attachments, chars, totalChars };
}

/** A mail with no text and nothing read from its files: nothing to send to a model, nothing to charge. */
export function hasNothingToSummarise(input: SummaryInput): boolean {
  return input.body.trim() === '' && input.attachments.every((attachment) => attachment.text.trim() === '');
}

const COUNT = new Intl.NumberFormat('en-US');

/** The block's line when the cap cut the text, or null when everything was read. */
export function cutNote(input: Pick<SummaryInput, 'chars' | 'totalChars'>): string | null {
  if (input.chars >= input.totalChars) return null;
  return `Read the first ${COUNT.format(input.chars)} characters of ${COUNT.format(input.totalChars)}.`;
}
