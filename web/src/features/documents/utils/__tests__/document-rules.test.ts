import { describe, expect, it } from 'vitest';
import { createDialogEmailError, detailsEmailError, renameError, truncate } from '../document-rules';

describe('truncate', () => {
  it('keeps text up to the limit and cuts longer text with "…"', () => {
    expect(truncate('Thirteen char', 13)).toBe('Thirteen char');
    expect(truncate('Thirteen chars', 13)).toBe('Thirteen char…');
  });

  it('counts characters, not UTF-16 halves, and drops a space left at the cut', () => {
    expect(truncate('📨📨📨📨', 3)).toBe('📨📨📨…');
    expect(truncate('Invoices 2026', 9)).toBe('Invoices…');
  });
});

describe('email rules', () => {
  it('create dialog: allows exactly 100 characters, compares duplicates exactly', () => {
    const hundred = `${'a'.repeat(88)}@example.com`;
    expect(createDialogEmailError(hundred, [])).toBeNull();
    expect(createDialogEmailError(`a${hundred}`, [])).toBe('Email is too long. Maximum allowed is 100 characters.');
    expect(createDialogEmailError('ada@example.com', ['ada@example.com'])).toBe('Email is already added.');
    expect(createDialogEmailError('Ada@example.com', ['ada@example.com'])).toBeNull();
  });

  it('details page: refuses 100 characters, compares duplicates trimmed and case-insensitively', () => {
    expect(detailsEmailError(`${'a'.repeat(88)}@example.com`, [])).toBe('Email is too long. Maximum allowed is 100 characters.');
    expect(detailsEmailError(`${'a'.repeat(87)}@example.com`, [])).toBeNull();
    expect(detailsEmailError('ada@example.com', [' ADA@example.com '])).toBe('This email is already on the list.');
    expect(detailsEmailError('', [])).toBe('Email cannot be empty.');
  });
});

describe('renameError', () => {
  it('refuses an empty name and one over 70 characters', () => {
    expect(renameError('')).toBe('Document name cannot be empty');
    expect(renameError('x'.repeat(71))).toBe('Document name is too long (max 70 characters)');
    expect(renameError('x'.repeat(70))).toBeNull();
  });
});
