import { describe, expect, it } from 'vitest';
import { MAX_CSV_ROWS, extractText } from '../../../../src/modules/mail/infra/attachments/extract/text.extractor.js';
import { pngFile } from '../../../support/attachment-files.js';

const limits = { maxPages: 200, maxChars: 100_000, maxZipEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024 };

/** Encodes text in a single-byte charset TextDecoder knows, by inverting its table. */
function encodeSingleByte(text: string, label: string): Uint8Array {
  const decoder = new TextDecoder(label);
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Uint8Array.from([...text].map((char) => table.get(char) ?? 0x3f));
}

const read = (text: string) => ({ status: 'read', text, pages: null, truncated: false });

describe('extractText: decoding', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    const text = 'Grüße aus Köln — 😀';

    expect(extractText(new TextEncoder().encode(text), 'text', limits)).toEqual(read(text));
    expect(extractText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'text', limits)).toEqual(read(text));
  });

  it('detects Latin-1', () => {
    const text = 'Café crème, déjà vu à la française. Voilà le résumé de la réunion de février, garçon.';

    expect(extractText(encodeSingleByte(text, 'iso-8859-1'), 'text', limits)).toEqual(read(text));
  });

  it('detects Windows-1250', () => {
    const text = 'Příliš žluťoučký kůň úpěl ďábelské ódy. Šťastný nový rok, děkujeme za spolupráci a těšíme se na další projekty.';

    expect(extractText(encodeSingleByte(text, 'windows-1250'), 'text', limits)).toEqual(read(text));
  });

  it('reads UTF-16 with a byte-order mark, either byte order', () => {
    const text = 'Grüße 😀';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();

    expect(extractText(le, 'text', limits)).toEqual(read(text));
    expect(extractText(be, 'text', limits)).toEqual(read(text));
  });

  it('refuses binary content sent as text', () => {
    expect(extractText(pngFile(32, 32), 'text', limits)).toEqual({ status: 'not-read', reason: 'not a text file' });
  });

  it('cuts at the character limit without splitting an emoji, and says so', () => {
    const result = extractText(new TextEncoder().encode(`abcd${'😀'.repeat(10)}`), 'text', { ...limits, maxChars: 7 });

    expect(result).toEqual({ status: 'read', text: 'abcd😀', pages: null, truncated: true });
  });

  it('decodes only the head of a long file, and says the text was cut', () => {
    const result = extractText(new TextEncoder().encode('word '.repeat(200_000)), 'text', { ...limits, maxChars: 1_000 });

    expect(result).toMatchObject({ status: 'read', truncated: true });
    expect(result.status === 'read' && result.text.length).toBe(1_000);
  });
});

describe('extractText: formats', () => {
  it('turns CSV rows into named values, quoted fields included', () => {
    const csv = 'Item,Qty,Note\r\nWidget,4,"big, red"\r\n"Gad ""get""",1,"two\nlines"\r\n,,\r\n';

    expect(extractText(Buffer.from(csv), 'csv', limits)).toEqual(read('Item: Widget; Qty: 4; Note: big, red\nItem: Gad "get"; Qty: 1; Note: two lines'));
  });

  it('reads semicolon-separated CSV', () => {
    expect(extractText(Buffer.from('Name;Amount\nAda;1,50\n'), 'csv', limits)).toEqual(read('Name: Ada; Amount: 1,50'));
  });

  it('keeps a few hundred CSV rows and says how many more there were', () => {
    const rows = Array.from({ length: MAX_CSV_ROWS + 1_234 }, (_, i) => `${i},x`);

    const result = extractText(Buffer.from(`n,v\n${rows.join('\n')}`), 'csv', limits);

    expect(result).toMatchObject({ status: 'read', truncated: true });
    const lines = result.status === 'read' ? result.text.split('\n') : [];
    expect(lines).toHaveLength(MAX_CSV_ROWS + 1);
    expect(lines.at(-1)).toBe('(1,234 more rows not shown)');
  });

  it('reads an HTML attachment as its visible text', () => {
    const html = '<html><head><style>p{color:red}</style><script>x()</script></head><body><h1>Hi</h1><p>Fish &amp; chips</p>' +
      '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table></body></html>';

    expect(extractText(Buffer.from(html), 'html', limits)).toEqual(read('Hi\n\nFish & chips\n\nA: 1 · B: 2'));
  });

  it('takes Markdown syntax off and keeps its words', () => {
    const markdown = [
      '# Title #',
      '',
      'Some **bold**, _italic_ and snake_case_name, [a link](https://example.com) and ![a chart](chart.png).',
      '> quoted',
      '---',
      '```js',
      'code()',
      '```',
      '- item `x`',
      '[ref]: https://example.com',
    ].join('\n');

    expect(extractText(Buffer.from(markdown), 'markdown', limits)).toEqual(
      read('Title\n\nSome bold, italic and snake_case_name, a link and a chart.\nquoted\ncode()\n- item x'),
    );
  });

  // Its time on such runs is a benchmark (test/bench/text/hostile-text.bench.ts), not a limit here.
  it('reads Markdown made of hostile runs to the end', () => {
    const hostile = `${'[**_'.repeat(50_000)}\n${' '.repeat(100_000)}x`;

    const result = extractText(Buffer.from(hostile), 'markdown', limits);

    expect(result.status).toBe('read');
    expect(result.status === 'read' ? result.text.trimEnd().endsWith('x') : false).toBe(true);
  });

  it('says an empty file is empty', () => {
    expect(extractText(Buffer.from(' \n\n '), 'text', limits)).toEqual({ status: 'not-read', reason: 'empty file' });
  });
});
