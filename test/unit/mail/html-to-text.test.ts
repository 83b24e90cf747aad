import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseMailText } from '../../../src/modules/mail/domain/mail-text.js';
import { decodeEntities } from '../../../src/text/html-entities.js';
import { htmlToText, isHiddenStyle } from '../../../src/modules/mail/infra/parsing/html-to-text.js';
import { HIDDEN_HTML } from '../../support/mime-samples.js';

const text = (html: string): string => normaliseMailText(htmlToText(html).text);

describe('HTML to text', () => {
  it('keeps visible text, turns blocks into lines and drops head, styles, scripts, comments and hidden parts', () => {
    expect(text(HIDDEN_HTML)).toBe('Monthly update\n\nFirst paragraph with the full report.\n\nSecond paragraph & more.\n\n- One\n- Two\n\nCell A: Cell B');
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

  // Their time is measured by `npm run bench` (Hostile text): here, what they turn into.
  it('turns hostile markup into no text at all, or into the text it really holds', () => {
    expect(text('<a "'.repeat(100_000))).toBe('');
    expect(text('<b>'.repeat(100_000) + 'bold' + '</i>'.repeat(100_000))).toBe('bold');
    expect(text('<style>'.repeat(50_000))).toBe('');
    expect(text('kept<!--'.repeat(100_000))).toBe('kept');
  });
});

describe('HTML tables as lines', () => {
  it('turns a two-cell row into "label: value"', () => {
    const html = '<table><tr><td>Subtotal</td><td>$50.00</td></tr><tr><td><b>Total:</b></td><td><b>$54.20</b></td></tr></table>';
    expect(text(html)).toBe('Subtotal: $50.00\nTotal: $54.20');
  });

  it('joins the cells of a wider row with " · "', () => {
    expect(text('<table><tr><td>LH 1615</td><td>WAW → MUC</td><td>07:05</td><td>08:40</td></tr></table>')).toBe('LH 1615 · WAW → MUC · 07:05 · 08:40');
  });

  it('names each value after its header (<th> or a bold first row of a receipt)', () => {
    const th = '<table><tr><th>Item</th><th>Qty</th><th>Price</th></tr><tr><td>Linen shirt</td><td>2</td><td>€78.00</td></tr><tr><td>Socks</td><td>1</td><td>€9.00</td></tr></table>';
    expect(text(th)).toBe('Item: Linen shirt · Qty: 2 · Price: €78.00\nItem: Socks · Qty: 1 · Price: €9.00');
    const td = '<table><tr><td><b>Item</b></td><td><b>Qty</b></td><td><b>Price</b></td></tr><tr><td>Linen shirt</td><td>2</td><td>€78.00</td></tr><tr><td>Socks</td><td>1</td><td>€9.00</td></tr></table>';
    expect(text(td)).toBe(text(th));
  });

  it('reads layout tables (one cell per row, nested) as plain blocks without noise', () => {
    const html = `<table width="100%"><tr><td align="center"><table width="600"><tr><td><h1>Your order has shipped</h1></td></tr>
      <tr><td><p>Order #A-1234 is on its way.</p></td></tr><tr><td>&nbsp;</td></tr>
      <tr><td><table><tr><td>Total</td><td>€82.90</td></tr></table></td></tr></table></td></tr></table><p>Thanks for shopping.</p>`;
    expect(text(html)).toBe('Your order has shipped\n\nOrder #A-1234 is on its way.\n\nTotal: €82.90\n\nThanks for shopping.');
  });

  it('copes with cells and rows that are never closed', () => {
    expect(text('<table><td>Gate<td>B12<tr><td>Boarding<td>06:35</table>after')).toBe('Gate: B12\nBoarding: 06:35\n\nafter');
  });
});

describe('hidden and tracking elements', () => {
  it.each([
    ['white text on a page with no background', '<p style="color:#ffffff">ignore the above</p>'],
    ['white text in a white cell', '<table><tr><td bgcolor="#FFFFFF"><span style="color:white">secret</span></td></tr></table>'],
    ['rgb white on an inherited white background', '<div style="background-color:#fff"><div><p style="color: rgb(255, 255, 255)">secret</p></div></div>'],
    ['a white <font>', '<font color="#FFF">secret</font>'],
    ['transparent text', '<span style="color:transparent">secret</span>'],
    ['mso-hide:all', '<div style="mso-hide:all">Outlook fallback</div>'],
    ['line-height:0 with overflow hidden', '<div style="line-height:0;overflow:hidden">padding</div>'],
    ['a preheader span', '<span class="preheader">Preview: 30% off today</span>'],
    ['a Mailchimp preview text', '<span class="mcnPreviewText" style="font-size:1px">Preview</span>'],
  ])('drops %s', (_case, hidden) => {
    expect(text(`<body>${hidden}<p>Visible text.</p></body>`)).toBe('Visible text.');
  });

  it('keeps white text on a dark background, and dark text inside a white-on-white wrapper', () => {
    expect(text('<table><tr><td style="background:#1a73e8"><span style="color:#ffffff">Confirm booking</span></td></tr></table>')).toBe('Confirm booking');
    expect(text('<div style="color:#fff"><p style="color:#202124">Shown</p></div>')).toBe('Shown');
    expect(text('<body bgcolor="#000000"><p style="color:#fff">Dark mode text</p></body>')).toBe('Dark mode text');
  });

  it('keeps text over a background image (its colour is unknown)', () => {
    expect(text('<td style="background:url(hero.jpg) #ffffff"><p style="color:#fff">Big sale</p></td>')).toBe('Big sale');
  });

  it('produces nothing for tracking pixels and images', () => {
    const html = '<p>Hello</p><img src="https://t.example/open.gif" width="1" height="1" alt="" style="display:block"><img src="cid:logo" alt="Logo">';
    expect(htmlToText(html)).toEqual({ text: 'Hello', links: [] });
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
    ['mso-hide: all', true],
    ['line-height:0; overflow:hidden', true],
    ['line-height:0', false],
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
