import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText, normaliseMailText } from '../../../src/modules/mail/domain/mail-text.js';

describe('mail text normalisation', () => {
  it('collapses spaces and tabs, limits blank lines and trims', () => {
    expect(normaliseMailText('  Hello \t  world  \r\n\r\n\r\n\r\n  Next\u00A0\u00A0line \n')).toBe('Hello world\n\nNext line');
  });

  it('drops invisible padding and control characters', () => {
    expect(normaliseMailText('Pre\u200Bheader\u200C\u00AD\uFEFF text\u0007')).toBe('Preheader text');
  });

  it('is idempotent and never leaves three line breaks or doubled spaces', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\t', '\n', '\r', '\u00A0', '\u200B', 'ż') }), (text) => {
        const once = normaliseMailText(text);
        expect(normaliseMailText(once)).toBe(once);
        expect(once).not.toMatch(/\n\n\n| {2}|^\s|\s$/);
      }),
    );
  });
});

describe('text caps', () => {
  it('keep short text and never split a surrogate pair', () => {
    expect(capText('abc', 5)).toBe('abc');
    expect(capText('ab😀cd', 3)).toBe('ab');
    expect(capText('ab😀cd', 4)).toBe('ab😀');
  });
});
