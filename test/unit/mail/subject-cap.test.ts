import { describe, expect, it } from 'vitest';
import { composeBlock } from '../../../src/modules/mail/domain/mail-block.js';
import type { StructuredMail } from '../../../src/modules/mail/domain/structured-mail.js';
import { baseSubject, capSubject, MAX_SUBJECT_CHARS } from '../../../src/modules/mail/domain/subject.js';

const mail = (subject: string): StructuredMail => ({ subject, sender: null, date: null, dateText: null, forwardedBy: null, body: 'Hello.', kind: 'message' });
const block = (subject: string) => composeBlock({ messageId: 'm-1', mail: mail(subject), receivedAt: new Date('2026-03-01T10:00:00Z'), body: 'Hello.' });

describe('subjects and headings are capped at 200 characters', () => {
  it('keeps a subject of up to 200 characters whole', () => {
    const subject = 'x'.repeat(MAX_SUBJECT_CHARS);
    expect(baseSubject(subject)).toBe(subject);
    expect(block(subject).heading).toBe(subject);
  });

  it('cuts a longer subject at a word, with an ellipsis', () => {
    const subject = `Fwd: ${'Quarterly budget review, '.repeat(20)}`;
    const capped = baseSubject(subject);
    expect(capped.length).toBeLessThanOrEqual(MAX_SUBJECT_CHARS);
    // A whole word before the ellipsis: the original goes on with a space there.
    expect(capped).toMatch(/\w…$/);
    const kept = capped.slice(0, -1);
    expect(subject.slice(5).startsWith(`${kept} `)).toBe(true);
  });

  it('cuts a subject without spaces where it must', () => {
    expect(capSubject('会議'.repeat(200))).toBe(`${'会議'.repeat(99)}会…`);
    expect(capSubject('😀'.repeat(150)).length).toBeLessThanOrEqual(MAX_SUBJECT_CHARS);
    expect(capSubject('😀'.repeat(150))).not.toMatch(/[\uD800-\uDBFF]…$/);
  });

  it('never turns a 200 KB subject into a 200 KB heading or row', () => {
    const huge = `Invoice ${'and more words '.repeat(15_000)}`;
    expect(huge.length).toBeGreaterThan(200_000);
    expect(baseSubject(huge).length).toBeLessThanOrEqual(MAX_SUBJECT_CHARS);
    // A snapshot kept before subjects were capped still gives a capped heading.
    expect(block(huge).heading.length).toBeLessThanOrEqual(MAX_SUBJECT_CHARS);
    expect(block('   ').heading).toBe('(no subject)');
  });
});
