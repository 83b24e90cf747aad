import { DISCLAIMER_ADDRESSEE, DISCLAIMER_SECRECY, DISCLAIMER_START } from '../../../../text/disclaimers.js';

/** Only the head of a paragraph is read: a disclaimer says what it is in its first sentences. */
const PARAGRAPH_HEAD = 600;

/**
 * Paragraphs without legal disclaimers: one that opens as a disclaimer ("CONFIDENTIALITY NOTICE",
 * "This e-mail and any attachments are confidential", "Ta wiadomość … poufn…", "Diese E-Mail enthält
 * vertrauliche…"), or that speaks both of secrecy and of a wrong addressee.
 */
export function withoutDisclaimers(paragraphs: readonly string[][]): string[][] {
  return paragraphs.filter((paragraph) => !isDisclaimer(paragraph.join(' ').slice(0, PARAGRAPH_HEAD)));
}

export function isDisclaimer(head: string): boolean {
  return DISCLAIMER_START.test(head) || (head.length >= 80 && DISCLAIMER_SECRECY.test(head) && DISCLAIMER_ADDRESSEE.test(head));
}
