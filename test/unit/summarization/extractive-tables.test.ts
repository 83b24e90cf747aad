import { describe, expect, it } from 'vitest';
import { summariseExtractively, type MailText } from '../../../src/modules/summarization/domain/extractive/extractive-summary.js';
import { digestTables } from '../../../src/modules/summarization/domain/extractive/table-digest.js';
import { roleOf, rowOf, valueOf } from '../../../src/modules/summarization/domain/extractive/table-rows.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

/** A quote's HTML table as the mail pipeline writes it (table-lines.ts): `Header: value` cells joined with " · ". */
const HTML_QUOTE = `Dear Mr Smith,

Thank you for your enquiry. Please find our quotation below.

Item: Standing desk · Qty: 4 · Unit price: €450.00 · Amount: €1,800.00
Item: Office chair · Qty: 4 · Unit price: €320.00 · Amount: €1,280.00
Item: Monitor arm · Qty: 4 · Unit price: €85.00 · Amount: €340.00
Item: Delivery · Qty: 1 · Unit price: €90.00 · Amount: €90.00
Subtotal: €3,510.00
VAT 20%: €702.00
Total: €4,212.00

The quotation is valid until 30 April 2025.`;

/** The same quote typed as a plain-text table, the way a sender pastes it. */
const PIPE_QUOTE = `Hello,

Please find our quotation below.

| Item | Qty | Unit price (EUR) | Amount (EUR) |
|---|---:|---:|---:|
| Standing desk | 4 | 450.00 | 1,800.00 |
| Office chair | 4 | 320.00 | 1,280.00 |
| Monitor arm | 4 | 85.00 | 340.00 |
| Delivery | 1 | 90.00 | 90.00 |
| **Total** | | | **3,510.00** |

The quotation is valid until 30 April 2025.`;

const quote = (text: string, more: Partial<MailText> = {}): Summary =>
  summariseExtractively({ subject: 'Quotation Q-2291', text, from: 'Vendor Sales <sales@vendor.example>', ...more });

function everything(summary: Summary): string {
  return [summary.summary, ...summary.keyPoints, ...summary.actionItems].join('\n');
}

describe('summariseExtractively: a price table is summarised, never dumped', () => {
  it('states the total with its currency first, and the three largest items as key points (HTML-derived table)', () => {
    const summary = quote(HTML_QUOTE);

    expect(summary.summary).toMatch(/^Total: €4,212\.00\. /);
    expect(summary.summary).toContain('The quotation is valid until 30 April 2025.');
    expect(summary.keyPoints.slice(0, 3)).toEqual(['4 × Standing desk: €1,800.00', '4 × Office chair: €1,280.00', '4 × Monitor arm: €340.00']);
    expect(everything(summary)).not.toMatch(/Delivery|Unit price|·/);
    expect(summary.actionItems).toEqual([]);
  });

  it('does the same for a plain-text pipe table, with the currency its header gives', () => {
    const summary = quote(PIPE_QUOTE);

    expect(summary.summary).toMatch(/^Total: 3,510\.00 EUR\. /);
    expect(summary.keyPoints).toEqual(['4 × Standing desk: 1,800.00 EUR', '4 × Office chair: 1,280.00 EUR', '4 × Monitor arm: 340.00 EUR']);
    expect(everything(summary)).not.toMatch(/\||Qty|Delivery|Please find/);
    expect(summary.actionItems).toEqual([]);
  });

  it('reads a pipe table whose rule line the mail cleaner already removed', () => {
    const cleaned = PIPE_QUOTE.replace('|---|---:|---:|---:|', '');
    expect(quote(cleaned)).toEqual(quote(PIPE_QUOTE));
  });

  it('never gives the header row, even when it stands alone as a plain row', () => {
    const text = HTML_QUOTE.replace('Item: Standing desk', 'Item · Qty · Unit price · Amount\nItem: Standing desk');
    expect(everything(quote(text))).not.toContain('Item · Qty');
  });

  it('keeps the largest items by amount, not the first ones', () => {
    const text = ['Item: Cable · Amount: €12.00', 'Item: Laptop · Amount: €1,499.00', 'Item: Mouse · Amount: €25.00', 'Item: Monitor · Amount: €329.00', 'Total: €1,865.00'].join('\n');
    const summary = quote(text);
    expect(summary.summary).toBe('Total: €1,865.00.');
    expect(summary.keyPoints).toEqual(['Laptop: €1,499.00', 'Monitor: €329.00', 'Mouse: €25.00']);
  });

  it('leads with the grand total, not the subtotal, in German with German number formats', () => {
    const text = [
      'anbei erhalten Sie unser Angebot.',
      '',
      'Pos. | Bezeichnung | Menge | Einzelpreis | Gesamtpreis',
      '1 | Stehtisch | 4 | 450,00 € | 1.800,00 €',
      '2 | Bürostuhl | 4 | 320,00 € | 1.280,00 €',
      '3 | Monitorarm | 4 | 85,00 € | 340,00 €',
      '4 | Lieferung | 1 | 90,00 € | 90,00 €',
      'Nettobetrag: 3.510,00 €',
      'MwSt. 19 %: 666,90 €',
      'Gesamtbetrag: 4.176,90 €',
    ].join('\n');
    const summary = quote(text, { subject: 'Angebot 2291' });
    expect(summary.summary).toBe('Gesamtbetrag: 4.176,90 €.');
    expect(summary.keyPoints.slice(0, 3)).toEqual(['4 × Stehtisch: 1.800,00 €', '4 × Bürostuhl: 1.280,00 €', '4 × Monitorarm: 340,00 €']);
    expect(everything(summary)).not.toMatch(/Lieferung|Bezeichnung|anbei/);
  });

  it('reads an invoice\'s spaced lines ("1 x EUR 35.00 EUR 35.00") as items, and names the vendor before the total', () => {
    const text = [
      'Invoice INV-2025-00931',
      'Due date: 15 March 2025',
      '',
      'Business plan (March 2025) 1 x EUR 240.00 EUR 240.00',
      'Extra storage 500 GB 1 x EUR 35.00 EUR 35.00',
      '',
      'Subtotal: EUR 275.00',
      'VAT 21%: EUR 57.75',
      'Total due: EUR 332.75',
    ].join('\n');
    const summary = quote(text, { subject: 'Your invoice', kind: 'invoice', from: 'Cloudberry Billing <billing@cloudberry.example>' });
    expect(summary.summary).toMatch(/^Cloudberry Billing — Total due: EUR 332\.75\. /);
    expect(summary.summary).toContain('Due date: 15 March 2025');
    expect(summary.keyPoints).toEqual(expect.arrayContaining(['Business plan (March 2025): EUR 240.00', 'Extra storage 500 GB: EUR 35.00', 'VAT 21%: EUR 57.75']));
  });

  it('leaves a single price line and ordinary fields as they are', () => {
    const summary = quote('Your seat is booked.\n\nTrain: ICE 578\nPrice: 139,80 €\nSeat: 55', { subject: 'Booking' });
    expect(everything(summary)).toContain('Price: 139,80 €');
  });
});

describe('digestTables', () => {
  it('replaces the table by its total, its largest items and its other amounts, one a paragraph', () => {
    const digest = digestTables(HTML_QUOTE);
    expect(digest.totals).toEqual(['Total: €4,212.00']);
    expect(digest.items).toEqual(['4 × Standing desk: €1,800.00', '4 × Office chair: €1,280.00', '4 × Monitor arm: €340.00']);
    expect(digest.rest).toEqual(['Subtotal: €3,510.00', 'VAT 20%: €702.00']);
    expect(digest.text).not.toContain('Delivery');
    expect(digest.text).toContain('Please find our quotation below.\n');
  });

  it('leaves text without a price table untouched', () => {
    const text = 'Impressum | Datenschutz | Kontakt\n\nAccount number: 4402 1187 93\nPrice: $20.00';
    expect(digestTables(text).text).toBe(text);
  });
});

describe('table rows', () => {
  it.each([
    ['€1,800.00', 1800],
    ['1.800,00 €', 1800],
    ['1 845,00 zł', 1845],
    ["CHF 1'250.50", 1250.5],
    ['EUR 35.00', 35],
    ['1,800', 1800],
    ['¥12,000', 12000],
  ])('reads the value of %s', (amount, value) => {
    expect(valueOf(amount)).toBe(value);
  });

  it.each([
    ['| Item | Qty | Amount |', 'header'],
    ['|---|---:|', 'rule'],
    ['| Desk | 4 | €1,800.00 |', 'item'],
    ['Total: €4,212.00', 'total'],
    ['Amount due: $127.55', 'total'],
    ['Subtotal: €3,510.00', 'adjustment'],
    ['Tax (8.875%): $16.60', 'adjustment'],
    ['Due date: 4 April 2025', 'other'],
    ['Order #NW-204117 · placed March 8, 2025', 'other'],
  ])('reads "%s" as a %s row', (line, role) => {
    const row = rowOf(line);
    expect(row === null ? 'other' : roleOf(row)).toBe(role);
  });
});
