/**
 * What an inline style says about whether a reader sees an element's text: the hiding tricks mail uses
 * for preheaders, tracking text and spam-filter padding, and the colours needed to spot text written
 * in its own background colour (white on white).
 */

export type Declarations = ReadonlyMap<string, string>;

/** `color: Red !important; background:#FFF` → {color: 'red', background: '#fff'}; the first of each wins. */
export function declarationsOf(style: string): Declarations {
  const out = new Map<string, string>();
  for (const declaration of style.toLowerCase().split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).replace('!important', '').trim();
    if (property !== '' && !out.has(property)) out.set(property, value);
  }
  return out;
}

const ZERO = /^(?:0+(?:\.0*)?|\.0+)(?:px|pt|em|rem|%)?$/;
const isZero = (value: string | undefined): boolean => value !== undefined && ZERO.test(value);

/** Hidden outright: display:none, visibility:hidden, zero size or opacity, Outlook's mso-hide, collapsed boxes. */
export function hidesContent(css: Declarations): boolean {
  const overflowHidden = css.get('overflow') === 'hidden';
  return (
    css.get('display') === 'none' ||
    css.get('visibility') === 'hidden' ||
    css.get('mso-hide') === 'all' ||
    isZero(css.get('font-size')) ||
    isZero(css.get('opacity')) ||
    (overflowHidden && (isZero(css.get('height')) || isZero(css.get('max-height')) || isZero(css.get('line-height'))))
  );
}

/** Inline styles that hide content (see hidesContent). */
export function isHiddenStyle(style: string): boolean {
  return hidesContent(declarationsOf(style));
}

const NAMED_COLOURS: Record<string, string> = { white: 'ffffff', black: '000000', transparent: 'transparent' };
const HEX = /^#([0-9a-f]{3,8})$/;
const RGB = /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/;

/** A colour as six hex digits ('ffffff'), 'transparent', another keyword as written, or null when unreadable. */
export function colourOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value.trim().toLowerCase();
  const named = NAMED_COLOURS[text];
  if (named !== undefined) return named;
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    if (hex.length === 3 || hex.length === 4) return [...hex.slice(0, 3)].map((digit) => digit + digit).join('');
    if (hex.length === 6 || hex.length === 8) return hex.slice(0, 6);
    return null;
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const alpha = rgb[4];
    if (alpha !== undefined && Number.parseFloat(alpha) === 0) return 'transparent';
    return [rgb[1], rgb[2], rgb[3]].map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0')).join('');
  }
  return /^[a-z]+$/.test(text) ? text : null;
}

const SHORTHAND_COLOUR = /#[0-9a-f]{3,8}\b|rgba?\([^)]{0,40}\)|\b(?:white|black)\b/;

/**
 * The background an element paints, from `background-color`, the `background` shorthand or the
 * `bgcolor` attribute: null when it paints none (text shows the parent's), 'image' when an image may
 * sit behind the text (its colour is then unknown).
 */
export function backgroundOf(css: Declarations, bgcolor: string | undefined): string | null {
  const shorthand = css.get('background');
  if (shorthand?.includes('url(') || css.get('background-image')?.includes('url(')) return 'image';
  const declared = colourOf(css.get('background-color')) ?? colourOf(SHORTHAND_COLOUR.exec(shorthand ?? '')?.[0]) ?? colourOf(bgcolor);
  return declared === 'transparent' ? null : declared;
}
