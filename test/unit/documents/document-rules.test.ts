import { describe, expect, it } from 'vitest';
import { checkEmail, checkEmailList, isOnList, normaliseEmail } from '../../../src/modules/documents/domain/allowed-emails.js';
import { checkDescription, checkName } from '../../../src/modules/documents/domain/document-rules.js';
import { forwardAddress, forwardTokenOf, newForwardToken, slugOf } from '../../../src/modules/documents/domain/forward-address.js';

describe('document names', () => {
  it('require a non-blank name of at most 70 characters after trimming', () => {
    expect(checkName('   ')?.message).toBe('Document name cannot be empty');
    expect(checkName('a'.repeat(70))).toBeNull();
    expect(checkName(`  ${'a'.repeat(70)}  `)).toBeNull();
    expect(checkName('a'.repeat(71))?.message).toBe('Document name is too long (max 70 characters)');
  });

  it('limit descriptions to 2,000 characters', () => {
    expect(checkDescription('d'.repeat(2000))).toBeNull();
    expect(checkDescription('d'.repeat(2001))?.field).toBe('description');
  });
});

describe('allowed source emails', () => {
  it('accept the basic pattern only: no spaces, one @, a dot in the domain', () => {
    for (const ok of ['a@b.co', 'first.last+tag@mail.example.com']) expect(checkEmail(ok, 'add'), ok).toBeNull();
    for (const bad of ['a@b', 'a b@c.de', 'a@@b.co', 'ab.co', '@b.co', 'a@b.']) {
      expect(checkEmail(bad, 'add')?.message, bad).toBe('Please enter a valid email address.');
    }
    expect(checkEmail('  ', 'add')?.message).toBe('Email cannot be empty.');
  });

  it('allow exactly 100 characters when creating but only fewer on the details page', () => {
    const hundred = `${'a'.repeat(94)}@b.com`;
    expect(hundred).toHaveLength(100);
    expect(checkEmail(hundred, 'create')).toBeNull();
    expect(checkEmail(hundred, 'add')?.message).toBe('Email is too long. Maximum allowed is 100 characters.');
    expect(checkEmail(`a${hundred}`, 'create')?.message).toBe('Email is too long. Maximum allowed is 100 characters.');
  });

  it('compare lowercased and trimmed', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(isOnList(['ada@example.com'], ' ADA@example.com')).toBe(true);
    expect(isOnList(['ada@example.com'], 'bob@example.com')).toBe(false);
  });

  it('need at least one email on creation and keep addresses equal once normalised only once', () => {
    expect(checkEmailList([]).violation?.message).toBe('Add at least one source email.');
    expect(checkEmailList(['a@b.co', 'A@B.co '])).toEqual({ emails: ['a@b.co'], violation: null });
    expect(checkEmailList(['bad']).violation?.message).toBe('bad: Please enter a valid email address.');
    expect(checkEmailList([' A@b.co', 'c@d.ef'])).toEqual({ emails: ['a@b.co', 'c@d.ef'], violation: null });
  });
});

describe('forward addresses', () => {
  const bytes = (values: number[]) => () => Uint8Array.from(values);

  it('build <slug>-<token>@<domain> with a slug of at most 20 characters', () => {
    const token = newForwardToken(bytes([0, 1, 2, 3, 4, 5, 6, 7, 8, 31]));
    expect(token).toBe('abcdefghi7');
    expect(forwardAddress('Weekly Report: Q3 / Sales & Marketing', token, 'In.Example.com')).toBe('weekly-report-q3-sal-abcdefghi7@in.example.com');
  });

  it('transliterate Polish and accented names and fall back to "doc" for names without letters', () => {
    expect(slugOf('Zażółć gęślą jaźń')).toBe('zazolc-gesla-jazn');
    expect(slugOf('Łódź')).toBe('lodz');
    expect(slugOf('!!! ???')).toBe('doc');
    expect(slugOf('a'.repeat(19) + ' b')).toBe('a'.repeat(19));
  });

  it('use 10 base32 characters of randomness', () => {
    const token = newForwardToken((count) => Uint8Array.from({ length: count }, (_, index) => index * 37));
    expect(token).toMatch(/^[a-z2-7]{10}$/);
  });

  it('find the token in a recipient of the inbound domain only, whatever the slug says', () => {
    expect(forwardTokenOf('Weekly-Report-ABCDEFGHI7@in.example.com', 'in.example.com')).toBe('abcdefghi7');
    expect(forwardTokenOf('renamed-long-ago-abcdefghi7@in.example.com', 'IN.example.com')).toBe('abcdefghi7');
    expect(forwardTokenOf('abcdefghi7@in.example.com', 'in.example.com')).toBe('abcdefghi7');
    expect(forwardTokenOf('weekly-abcdefghi7@other.example.com', 'in.example.com')).toBeNull();
    expect(forwardTokenOf('weekly-abc@in.example.com', 'in.example.com')).toBeNull();
    expect(forwardTokenOf('weekly-abcdefgh1j@in.example.com', 'in.example.com')).toBeNull();
  });
});
