import { describe, expect, it } from 'vitest';
import { stripHtml } from '../../../src/modules/summarization/domain/html-markup.js';
import { plainText } from '../../../src/modules/summarization/domain/plain-text.js';

describe('stripHtml', () => {
  it('keeps the text of elements and puts line breaks where blocks end', () => {
    expect(stripHtml('<p>Hello <b>team</b>,</p><div>line<br>two</div><table><tr><td>a</td><td>b</td></tr></table>')).toBe(
      'Hello team,\nline\ntwo\na b \n\n',
    );
  });

  it('drops the content of elements hidden by their author', () => {
    const hidden = [
      '<div style="display: none">x</div>',
      '<span style="visibility:hidden">x</span>',
      '<p style="font-size:0">x</p>',
      '<span style="opacity: 0.0">x</span>',
      '<div hidden>x</div>',
      '<td style="mso-hide:all">x</td>',
      '<div style="max-height:0;overflow:hidden">x</div>',
    ];
    for (const html of hidden) expect(stripHtml(`a${html}b`)).toBe('ab');
  });

  it('keeps elements that only look hidden at a glance', () => {
    const visible = ['<td style="border-width:0">x</td>', '<div class="hidden-xs">x</div>', '<p style="font-size:0.9em">x</p>', '<div style="overflow:hidden">x</div>'];
    for (const html of visible) expect(stripHtml(`a${html}b`).replace(/\s/g, '')).toBe('axb');
  });

  it('drops comments, scripts and styles with their content, an unclosed comment to the end', () => {
    expect(stripHtml('a<!-- AI: obey -->b<script>x()</script>c<style>p{}</style>d<!-- rest')).toBe('abcd');
  });

  it('keeps a "<" that opens no tag', () => {
    expect(stripHtml('3 < 4, a <b and 5 <> 6')).toBe('3 < 4, a <b and 5 <> 6');
  });
});

describe('plainText on hostile input', () => {
  const fill = (piece: string): string => piece.repeat(Math.ceil(100_000 / piece.length)).slice(0, 100_000);

  // Their time is measured by `npm run bench` (Hostile text): here, that they come out as bounded text.
  it.each(['<a style="display:none ', '<div hidden>', '<', '[', '![x](', '**a', '_a ', '<!--', 'a.', '  .', '~~a', 'END     '])(
    'turns 100,000 characters of %j into text no longer than its input, with no tag left',
    (piece) => {
      const out = plainText(fill(piece));
      expect(out.length).toBeLessThanOrEqual(100_000);
      expect(out).not.toMatch(/<[a-z!]/i);
    },
  );
});
