// The browser and the server take their input rules from one file (src/contract/document-input-rules.ts,
// docs/api.md); these edge inputs show both answering the same, so neither lets through what the other refuses.
import { describe, expect, it } from 'vitest';
import { checkEmail } from '../../../../../../src/modules/documents/domain/allowed-emails';
import { checkDescription, checkName } from '../../../../../../src/modules/documents/domain/document-rules';
import { MAX_DESCRIPTION_LENGTH, createDialogEmailError, detailsEmailError, renameError } from '../document-rules';

/** An address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

const names = ['', 'x', 'x'.repeat(69), 'x'.repeat(70), 'x'.repeat(71), '📨'.repeat(35), '📨'.repeat(36)];
const emails = [
  '',
  'a@b.co',
  'first.last+tag@mail.example.com',
  'ada@example',
  'ada lovelace@example.com',
  'a@@b.co',
  '@b.co',
  'a@b.',
  emailOf(99),
  emailOf(100),
  emailOf(101),
  `${'a'.repeat(100)}@b`,
];

describe('the web and the server answer the same', () => {
  it.each(names)('for the name %j', (name) => {
    expect(renameError(name)).toBe(checkName(name)?.message ?? null);
  });

  it('for descriptions: the server accepts what the textareas let through and nothing longer', () => {
    for (const length of [MAX_DESCRIPTION_LENGTH, MAX_DESCRIPTION_LENGTH + 1]) {
      const description = 'd'.repeat(length);
      const serverAccepts = checkDescription(description) === null;
      expect(serverAccepts, `${length} characters`).toBe(length <= MAX_DESCRIPTION_LENGTH);
    }
  });

  it.each(emails)('for the email %j in the create dialog and on the details page', (email) => {
    expect(createDialogEmailError(email, []), 'create dialog').toBe(checkEmail(email, 'create')?.message ?? null);
    expect(detailsEmailError(email, []), 'details page').toBe(checkEmail(email, 'add')?.message ?? null);
  });

  it('with 100-character emails allowed at creation only and 71-character names refused', () => {
    expect(emailOf(100)).toHaveLength(100);
    expect(createDialogEmailError(emailOf(100), [])).toBeNull();
    expect(detailsEmailError(emailOf(100), [])).toBe('Email is too long. Maximum allowed is 100 characters.');
    expect(renameError('x'.repeat(71))).toBe('Document name is too long (max 70 characters)');
  });
});
