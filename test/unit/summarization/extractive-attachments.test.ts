import { describe, expect, it } from 'vitest';
import type { SummaryRequest } from '../../../src/modules/summarization/application/ports/llm.port.js';
import { summariseExtractively, type MailText } from '../../../src/modules/summarization/domain/extractive/extractive-summary.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';
import { OfflineSummariser } from '../../../src/modules/summarization/infra/offline.summariser.js';

/** A PDF invoice's text as the attachment reader extracts it. */
const INVOICE_PDF = `Invoice 2291
Invoice date: 1 June 2024
Due date: 14 June 2024

Description | Qty | Amount
Consulting, May 2024 | 10 | EUR 1,000.00
Travel | 1 | EUR 240.00
Total due: EUR 1,240.00

Please pay by bank transfer to IBAN DE89 3704 0044 0532 0130 00 by 14 June 2024.`;

const invoice = { name: 'invoice-2291.pdf', text: INVOICE_PDF };

const summarise = (text: string, more: Partial<MailText> = {}): Summary =>
  summariseExtractively({ subject: 'Invoice 2291', text, kind: 'message', attachments: [invoice], ...more });

function everything(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

describe('summariseExtractively: attachments', () => {
  it('leads with the attachment, named, when the body only points to it', () => {
    const summary = summarise('Please find attached our invoice.');

    expect(summary.summary).toMatch(/^From the attachment invoice-2291\.pdf: Total due: EUR 1,240\.00\. /);
    expect(everything(summary)).not.toContain('Please find attached');
    expect(everything(summary)).toContain('Due date: 14 June 2024');
    expect(summary.keyPoints).toEqual(expect.arrayContaining(['10 × Consulting, May 2024: EUR 1,000.00', 'Travel: EUR 240.00']));
    expect(summary.actionItems).toEqual(['Please pay by bank transfer to IBAN DE89 3704 0044 0532 0130 00 by 14 June 2024.']);
  });

  it('leads with the attachment when the body is empty', () => {
    expect(summarise('').summary).toMatch(/^From the attachment invoice-2291\.pdf: Total due: EUR 1,240\.00\. /);
  });

  it('gives the body first, then the attachment\'s facts under its name', () => {
    const body = 'Hi Bob,\n\nthe workshop on 12 June moves to Room 4 at 10:00. Could you tell the team by Friday?\n\nBest regards,\nAnna';
    const summary = summarise(body);

    expect(summary.summary).toMatch(/^The workshop on 12 June moves to Room 4 at 10:00\. From the attachment invoice-2291\.pdf: Total due: EUR 1,240\.00\./);
    expect(summary.actionItems).toEqual(['Could you tell the team by Friday?', 'Please pay by bank transfer to IBAN DE89 3704 0044 0532 0130 00 by 14 June 2024.']);
    expect(everything(summary)).not.toMatch(/Hi Bob|Best regards|Anna/);
  });

  it('names each attachment once, where its first fact is quoted', () => {
    const terms = { name: 'terms.txt', text: 'Late payments incur a fee of 2% per month from 15 June 2024.' };
    const summary = summarise('Please find attached our invoice and the terms.', { attachments: [invoice, terms] });

    expect(summary.summary.split('From the attachment invoice-2291.pdf:')).toHaveLength(2);
    expect(summary.summary).toMatch(/From the attachment invoice-2291\.pdf: .*From the attachment terms\.txt: Late payments incur a fee of 2% per month/);
  });

  it('keeps the pointer as the summary when no attachment could be read', () => {
    const summary = summarise('Please find attached our invoice.', { attachments: [{ name: 'scan.jpg', text: '  ' }] });
    expect(summary.summary).toBe('Please find attached our invoice.');
  });

  it('does not join the body\'s last line to the attachment\'s first', () => {
    const summary = summarise('The numbers for May are in the invoice we discussed on the phone', { kind: 'invoice' });
    expect(everything(summary)).not.toMatch(/phone Invoice 2291/);
  });

  it('reaches the summary from a SummaryRequest through the offline summariser', async () => {
    const request: SummaryRequest = {
      subject: 'Invoice 2291',
      from: 'Acme Billing <billing@acme.example>',
      date: new Date('2024-06-01T08:00:00Z'),
      kind: 'invoice',
      forwardedBy: null,
      text: 'Please find attached our invoice.',
      attachments: [invoice],
      instructions: '',
    };
    const { summary } = await new OfflineSummariser().summarise(request);

    expect(summary.summary).toMatch(/^Acme Billing — From the attachment invoice-2291\.pdf: Total due: EUR 1,240\.00\./);
    expect(everything(summary)).toContain('14 June 2024');
  });
});
