import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseMailText } from '../../../src/modules/mail/domain/mail-text.js';
import { decodeEntities } from '../../../src/modules/mail/infra/parsing/html-entities.js';
import { htmlToText, isHiddenStyle } from '../../../src/modules/mail/infra/parsing/html-to-text.js';
import { HIDDEN_HTML } from '../../support/mime-samples.js';

const text = (html: string): string => normaliseMailText(htmlToText(html).text);

describe('HTML to text', () => {
  it('keeps visible text, turns blocks into lines and drops head, styles, scripts, comments and hidden parts', () => {
    expect(text(HIDDEN_HTML)).toBe('Monthly update\n\nFirst paragraph with the full report.\n\nSecond paragraph & more.\n\n- One\n- Two\n\nCell A Cell B');
  });

  it('keeps link text, not URLs, and lists the link targets apart', () => {
    const result = htmlToText('<p>Read <a href="https://example.com/r?a=1&amp;b=2">the report</a> or <a href="mailto:x@y.z">write</a>.</p>');
    expect(normaliseMailText(result.text)).toBe('Read the report or write.');
    expect(result.links).toEqual(['https://example.com/r?a=1&b=2']);
  });

  it('keeps the content meant for non-Outlook clients and drops Outlook-only conditional blocks', () => {
    expect(text('<!--[if mso]><p>Outlook only</p><![endif]--><!--[if !mso]><!--><p>Everyone else</p><!--<![endif]-->')).toBe('Everyone else');
  });

  it('recovers from a head that is never closed and from unclosed paragraphs and list items', () => {
    expect(text('<html><head><title>T</title><body><p>One<p>Two<ul><li>a<li>b</ul>')).toBe('One\n\nTwo\n\n- a\n- b');
  });

  it('does not let an unclosed hidden paragraph swallow the following ones', () => {
    expect(text('<p style="display:none">secret<p>shown')).toBe('shown');
  });

  it('keeps line breaks inside <pre> and from <br>', () => {
    expect(text('<pre>a\n  b</pre>line<br>break')).toBe('a\nb\n\nline\nbreak');
  });

  it('treats a stray "<" as text and tolerates an unterminated tag or quote', () => {
    expect(text('1 < 2 and 3 <4')).toBe('1 < 2 and 3 <4');
    expect(text('before <a href="never closed>after')).toBe('before');
  });

  it('decodes Polish letters written as entities', () => {
    expect(text('Za&#380;&oacute;&lstrok;&cacute; g&eogon;&sacute;l&aogon; ja&zacute;&nacute; &#x17B;')).toBe('Zażółć gęślą jaźń Ż');
  });

  it('never throws, and leaves markup-free text as it is', () => {
    fc.assert(fc.property(fc.string(), (html) => typeof htmlToText(html).text === 'string'));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ż', ' ', '\n', '.') }), (plain) => {
        expect(text(plain)).toBe(normaliseMailText(plain.replace(/\s+/g, ' ')));
      }),
    );
  });

  it('converts a few megabytes of hostile markup in linear time', () => {
    const hostile = ['<a "'.repeat(100_000), '<b>'.repeat(100_000) + '</i>'.repeat(100_000), '<style>'.repeat(50_000), '<!--'.repeat(100_000)];
    for (const html of hostile) {
      const started = performance.now();
      htmlToText(html);
      expect(performance.now() - started, html.slice(0, 8)).toBeLessThan(2_000);
    }
  });
});

describe('hidden styles', () => {
  it.each([
    ['display: none', true],
    ['DISPLAY:NONE !important', true],
    ['visibility:hidden', true],
    ['font-size:0', true],
    ['font-size: 0px; color: red', true],
    ['max-height:0; overflow:hidden', true],
    ['opacity: 0', true],
    ['font-size:0.5em', false],
    ['font-size:10px', false],
    ['max-height:0', false],
    ['display:block', false],
    ['', false],
  ])('%j → %s', (style, hidden) => {
    expect(isHiddenStyle(style)).toBe(hidden);
  });
});

describe('HTML entities', () => {
  it('decodes numeric, named and windows-1252 references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &amp;amp; &#8217; &#146; &eacute; &unknown; &amp no-semicolon &copy')).toBe('<b> &amp; ’ ’ é &unknown; & no-semicolon ©');
    expect(decodeEntities('&#0; &#xD800; &#1114112;')).toBe('\uFFFD \uFFFD \uFFFD');
  });
});
