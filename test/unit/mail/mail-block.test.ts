import { describe, expect, it } from 'vitest';
import { composeBlock } from '../../../src/modules/mail/domain/mail-block.js';
import type { StructuredMail } from '../../../src/modules/mail/domain/structured-mail.js';

const RECEIVED = new Date('2026-11-28T18:00:00Z');

function aMail(overrides: Partial<StructuredMail> = {}): StructuredMail {
  return { subject: 'Contract', sender: { address: 'jane@acme.example', name: 'Jane' }, date: null, dateText: null, forwardedBy: null, body: 'Text.', kind: 'message', ...overrides };
}

const metaOf = (mail: StructuredMail, cut: string | null = null) => composeBlock({ messageId: '0f9e8d7c-6b5a-4321-9876-543210fedcba', mail, receivedAt: RECEIVED, body: 'Summary.', cut }).meta;

describe('the meta lines of a block', () => {
  it('shows a known instant in UTC', () => {
    expect(metaOf(aMail({ date: '2026-11-16T15:40:00.000Z' }))).toContain('16 Nov 2026, 15:40 UTC');
  });

  it("shows a quoted date without a zone as written, saying it is the forwarder's local time, not when the mail reached us", () => {
    const meta = metaOf(aMail({ dateText: '16 Nov 2026, 16:40', forwardedBy: { address: 'bob@example.com', name: 'Bob', note: '' } }));
    expect(meta).toContain("16 Nov 2026, 16:40 (forwarder's local time)");
    expect(meta).not.toContain('28 Nov 2026');
  });

  it('lists the attachments read and not read, then says when the cap cut the text', () => {
    const mail = aMail({
      attachments: [
        { name: 'invoice-2291.pdf', status: 'read', reason: null, pages: 2, text: 'Invoice' },
        { name: 'scan.png', status: 'not-read', reason: 'text in images is not read (OCR is off)', pages: null, text: '' },
      ],
    });
    const lines = metaOf(mail, 'Read the first 100,000 characters of 195,409.').split('\n');
    expect(lines.slice(1)).toEqual(['Attachments: invoice-2291.pdf (2 pages); scan.png (not read: text in images is not read (OCR is off))', 'Read the first 100,000 characters of 195,409.']);
  });

  it('has no attachment line for a mail without attachments', () => {
    expect(metaOf(aMail())).not.toContain('Attachments:');
  });
});
