import { redactSecrets } from '../../../src/modules/mail/domain/text/secrets.js';
import { extractText } from '../../../src/modules/mail/infra/attachments/extract/text.extractor.js';
import { htmlToText } from '../../../src/modules/mail/infra/parsing/html-to-text.js';
import { plainText } from '../../../src/modules/summarization/domain/plain-text.js';

/**
 * Pathological markup through the two text converters every mail meets: an input that makes a pattern
 * backtrack would cost seconds here. The unit tests check what these inputs turn into; the time is
 * measured here, because a wall-clock limit in a test fails on a loaded machine.
 */
export const HOSTILE_TEXT_TARGET_MS = 500;

export interface HostileTextRow {
  converter: 'htmlToText' | 'plainText' | 'redactSecrets' | 'extractText (Markdown)';
  input: string;
  characters: number;
  ms: number;
}

const fill = (piece: string, length: number): string => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);

const HTML_INPUTS: [string, string][] = [
  ['`<a "` × 100,000', '<a "'.repeat(100_000)],
  ['`<b>` × 100,000 then `</i>` × 100,000', '<b>'.repeat(100_000) + '</i>'.repeat(100_000)],
  ['`<style>` × 50,000', '<style>'.repeat(50_000)],
  ['`<!--` × 100,000', '<!--'.repeat(100_000)],
];

const SECRET_PIECES = ['verification code is ', '4', 'code 1234 5678 '];
const MARKDOWN_PIECES = ['[**_', ' '];
const ATTACHMENT_LIMITS = { maxPages: 200, maxChars: 100_000, maxZipEntries: 1_000, maxUncompressedBytes: 50 * 1024 * 1024 };

const PLAIN_PIECES = ['<a style="display:none ', '<div hidden>', '<', '[', '![x](', '**a', '_a ', '<!--', 'a.', '  .', '~~a', 'END     '];

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

interface HostileCase extends Omit<HostileTextRow, 'ms'> {
  convert: () => unknown;
}

const CASES: HostileCase[] = [
  ...HTML_INPUTS.map(([input, html]) => ({ converter: 'htmlToText' as const, input, characters: html.length, convert: () => htmlToText(html) })),
  ...PLAIN_PIECES.map((piece) => {
    const text = fill(piece, 100_000);
    return { converter: 'plainText' as const, input: `\`${piece}\` to 100,000 characters`, characters: text.length, convert: () => plainText(text) };
  }),
  // The secret-code redaction every mail's text meets, and a Markdown attachment's reader.
  ...SECRET_PIECES.map((piece) => {
    const text = fill(piece, 100_000);
    return { converter: 'redactSecrets' as const, input: `\`${piece}\` to 100,000 characters`, characters: text.length, convert: () => redactSecrets(text) };
  }),
  ...MARKDOWN_PIECES.map((piece) => {
    const bytes = Buffer.from(`${fill(piece, 100_000)}x`);
    return { converter: 'extractText (Markdown)' as const, input: `\`${piece}\` to 100,000 characters`, characters: bytes.length, convert: () => extractText(bytes, 'markdown', ATTACHMENT_LIMITS) };
  }),
];

/** Each input once after one warm-up pass, so the numbers are of the converters and not of the JIT. */
export function hostileTextBenchmark(): HostileTextRow[] {
  for (const { convert } of CASES) convert();
  return CASES.map(({ convert, ...row }) => ({ ...row, ms: timed(convert) }));
}
