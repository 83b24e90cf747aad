import { unicodeWords } from '../../../../text/unicode-words.js';
import { MONEY } from './facts.js';
import { NET, TOTAL } from './kind-shapes.js';

/**
 * One line of a price table as the mail pipeline writes it, read back into cells: a `label: value`
 * line, cells joined with ` · ` (each maybe `Header: value`, from an HTML table), a CSV attachment's
 * `Header: value; Header: value` record, a plain-text `| a | b | c |` row, or a spaced invoice line
 * ("Extra storage 1 x EUR 35.00 EUR 35.00").
 */
export interface TableRow {
  /** The line as written. */
  line: string;
  /** The cells' values, without their labels. */
  cells: string[];
  /** Each cell's header or own label ('' when none). */
  labels: string[];
  /** Written as `label: value`: kept as written when it is reused. */
  field: boolean;
  /** A quantity the line gives outside any cell ("1 x"), or ''. */
  quantity: string;
}

export type RowRole = 'header' | 'rule' | 'total' | 'adjustment' | 'item' | 'other';

const PIPE_RULE = /^[|+:\s-]*-{3,}[|+:\s-]*$/;
const LABELLED_CELL = /^(\p{L}[\p{L}\p{N} ()/.#%'’_-]{0,30}?)\s*[:：]\s*(\S.*)$/u;
const FIELD_LINE = /^([^:：|]{1,60}?)\s*[:：]\s+(\S.*)$/u;
const QUANTITY_MARK = /\s(\d{1,4}(?:[.,]\d+)?)\s?(?:x|×|pcs|pc|szt\.?|stk\.?|st\.?)\s/iu;
const MONEY_ALL = new RegExp(MONEY.source, `${MONEY.flags.replace('g', '')}g`);
const BARE_AMOUNT = /^[-−]?\d{1,3}(?:[ ,.'’]\d{3})*[.,]\d{2}$|^[-−]?\d+[.,]\d{2}$/;

/** Taxes, shipping, discounts, deposits: lines on the way to the total, never its items. */
const ADJUSTMENT = unicodeWords(
  /\b(?:tax|vat|gst|hst|sales tax|mwst|ust|tva|iva|podatek|shipping|postage|delivery fee|versand\p{L}*|porto|livraison|frais de port|envío|dostawa|przesyłka|discount|rabatt|rabat|remise|descuento|coupon|voucher|gutschein|deposit|anzahlung|acompte|already paid|amount paid|paid|bezahlt|zapłacono|payé|pagado|balance)\b/iu,
);
const QUANTITY_LABEL = unicodeWords(/^(?:qty|quantity|menge|anzahl|ilość|szt\.?|quantité|qté|cantidad|cant\.?|units?|pcs|count|hours|stunden|godziny|数量)$/iu);
const AMOUNT_LABEL = unicodeWords(/\b(?:amount|line total|total|sum|betrag|summe|gesamt\p{L}*|kwota|wartość|montant|importe|金額)\b/iu);
const DESCRIPTION_LABEL = unicodeWords(
  /^(?:description|item|product|article|name|service|bezeichnung|artikel|produkt|leistung|désignation|libellé|descripción|concepto|producto|opis|nazwa|towar|usługa|品名|商品名|内容)$/iu,
);

export function rowOf(raw: string): TableRow | null {
  const line = raw.trim();
  if (line === '' || line.length > 400) return null;
  if (line.includes('|')) {
    const bordered = line.startsWith('|') || line.endsWith('|');
    const parts = line.split('|').map((part) => withoutEmphasis(part.trim()));
    if (bordered && parts[0] === '') parts.shift();
    if (bordered && parts[parts.length - 1] === '') parts.pop();
    if (parts.length >= 2 && (bordered || parts.length >= 3)) return labelledRow(line, parts);
  }
  if (line.includes(' · ')) return labelledRow(line, line.split(' · ').map((part) => withoutEmphasis(part.trim())));
  const record = line.split('; ');
  if (record.length >= 2 && record.every((part) => LABELLED_CELL.test(part.trim()))) return labelledRow(line, record.map((part) => part.trim()));
  const field = FIELD_LINE.exec(line);
  if (field) return { line, cells: [field[1] ?? '', field[2] ?? ''], labels: ['', ''], field: true, quantity: '' };
  return spacedRow(line);
}

/** "**Total**" in a Markdown table is "Total". */
function withoutEmphasis(cell: string): string {
  return cell.replace(/^([*_]{1,2})(\S(?:.*\S)?)\1$/u, '$2');
}

function labelledRow(line: string, parts: readonly string[]): TableRow {
  const labels: string[] = [];
  const cells = parts.map((part) => {
    const labelled = isAmount(part) ? null : LABELLED_CELL.exec(part);
    // A CSV column name "line_total_eur" reads as "line total eur".
    labels.push(labelled?.[1]?.replace(/_/g, ' ').trim() ?? '');
    return labelled ? (labelled[2] ?? '').trim() : part;
  });
  return { line, cells, labels, field: false, quantity: '' };
}

/** "Business plan (March 2025) 1 x EUR 240.00 EUR 240.00": a description, maybe a quantity, amounts at the end. */
function spacedRow(line: string): TableRow | null {
  const amounts = [...line.matchAll(MONEY_ALL)];
  const last = amounts[amounts.length - 1];
  if (!last || last.index + last[0].length < line.replace(/[\s)]+$/, '').length) return null;
  const quantity = QUANTITY_MARK.exec(` ${line} `);
  if (amounts.length < 2 && !quantity && !isAmountLine(line.slice(0, last.index))) return null;
  const first = amounts[0];
  const cut = Math.min(quantity ? quantity.index : line.length, first?.index ?? line.length);
  const description = line.slice(0, cut).trim();
  if (!/\p{L}.*\p{L}/u.test(description) || description.length > 80 || /[.!?:;]$/.test(description)) return null;
  return { line, cells: [description, ...amounts.map((match) => match[0])], labels: [], field: false, quantity: quantity?.[1] ?? '' };
}

/**
 * "Total TTC", "Subtotal", "VAT 20%", "MwSt. 19 %", "Gesamtbetrag": the label of a price list's total,
 * net or tax line, which gives one amount. A few words that open with it, never a sentence ("The total
 * is").
 */
function isAmountLine(label: string): boolean {
  const text = label.trim();
  if (text === '' || text.split(/\s+/).length > 4 || /[.!?:;,]$/.test(text)) return false;
  return [TOTAL, NET, ADJUSTMENT].some((pattern) => pattern.exec(text)?.index === 0);
}

export function isAmount(cell: string): boolean {
  const text = cell.trim();
  if (BARE_AMOUNT.test(text)) return true;
  const money = MONEY.exec(text);
  return money !== null && text.replace(money[0], '').replace(/[\s()+*−-]/g, '') === '';
}

/** The amount's value, whatever its separators: "1,800.00", "1.800,00", "1 800,00 zł", "1'800". */
export function valueOf(amount: string): number {
  const digits = /\d(?:[\d\s.,'’]*\d)?/.exec(amount)?.[0].replace(/[\s'’]/g, '') ?? '';
  const last = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  if (last < 0) return Number(digits) || 0;
  const separator = digits.charAt(last);
  const decimals = digits.length - last - 1;
  const mixed = digits.includes(separator === '.' ? ',' : '.');
  const repeated = digits.indexOf(separator) !== last;
  const isDecimal = mixed || (!repeated && decimals !== 3);
  const whole = (isDecimal ? digits.slice(0, last) : digits).replace(/[.,]/g, '');
  return Number(isDecimal ? `${whole}.${digits.slice(last + 1)}` : whole) || 0;
}

/** What the row is in its table; `header` names the table's columns when it has a header row. */
export function roleOf(row: TableRow): RowRole {
  if (PIPE_RULE.test(row.line)) return 'rule';
  const amount = amountCell(row);
  if (amount < 0) {
    const headerLike = !row.field && row.cells.length >= 2 && !/\d/.test(row.line) && row.cells.every((cell) => cell.split(/\s+/).length <= 4);
    return headerLike ? 'header' : 'other';
  }
  const label = descriptionOf(row);
  if (label === '') return 'other';
  if (TOTAL.test(label) && !NET.test(label) && !ADJUSTMENT.test(label)) return 'total';
  if (NET.test(label) || ADJUSTMENT.test(label)) return 'adjustment';
  return 'item';
}

/** Index of the cell holding the row's amount: the one its header calls the amount, else the largest; -1 when none. */
export function amountCell(row: TableRow): number {
  if (row.field) {
    // A `label: value` line: its value is an amount with a currency, or a bare one under a total's or a tax's label.
    const value = (row.cells[1] ?? '').replace(/\s*\([^)]{0,40}\)$/, '');
    const label = row.cells[0] ?? '';
    const money = isAmount(value) && (MONEY.test(value) || TOTAL.test(label) || NET.test(label) || ADJUSTMENT.test(label));
    return money ? 1 : -1;
  }
  const amounts = row.cells.map((cell, index) => ({ index, value: isAmount(cell) ? valueOf(cell) : -1 })).filter((cell) => cell.value >= 0);
  const labelled = amounts.filter((cell) => AMOUNT_LABEL.test(row.labels[cell.index] ?? ''));
  const pool = labelled.length > 0 ? labelled : amounts;
  const largest = pool.reduce<{ index: number; value: number } | null>((top, cell) => (top === null || cell.value > top.value ? cell : top), null);
  return largest?.index ?? -1;
}

/** The row's description (an item's name, a total's label): its first cell with words that is not a number. */
export function descriptionOf(row: TableRow): string {
  const named = row.cells.find((cell, index) => DESCRIPTION_LABEL.test(row.labels[index] ?? '') && /\p{L}/u.test(cell));
  const found = named ?? row.cells.find((cell, index) => /\p{L}/u.test(cell) && !isAmount(cell) && !QUANTITY_LABEL.test(row.labels[index] ?? ''));
  return (found ?? '').replace(/[:：]$/, '').trim();
}

/** The row's quantity: a "1 x" mark, a cell under a quantity header, or a small whole number on its own. */
export function quantityOf(row: TableRow): string {
  if (row.quantity !== '') return row.quantity;
  const index = row.cells.findIndex((cell, i) => QUANTITY_LABEL.test(row.labels[i] ?? '') || (!row.field && (row.labels[i] ?? '') === '' && /^\d{1,4}$/.test(cell)));
  return index < 0 ? '' : (row.cells[index] ?? '');
}

/** Gives the rows of a `| a | b |` table the labels of its header row. */
export function withHeader(row: TableRow, header: TableRow | null): TableRow {
  if (!header || row.field || row.labels.some((label) => label !== '') || row.cells.length !== header.cells.length) return row;
  return { ...row, labels: [...header.cells] };
}

const CURRENCY = /[$€£¥₹]|\b(?:USD|EUR|GBP|PLN|CHF|JPY|CZK|SEK|NOK|DKK)\b|zł|円/u;
/** A currency code in a column's name: "Amount (EUR)", "line_total_eur". */
const CODE_IN_LABEL = /(?:^|[^a-z])(usd|eur|gbp|pln|chf|jpy|czk|sek|nok|dkk)(?:$|[^a-z])/i;

/** The currency of a table, written as its amounts write it: "€" before, " EUR" or " zł" after. */
export function currencyOf(rows: readonly TableRow[], header: TableRow | null): { sign: string; before: boolean } | null {
  for (const row of rows) {
    const index = amountCell(row);
    const amount = row.cells[index]?.trim() ?? '';
    const sign = CURRENCY.exec(amount)?.[0];
    if (sign !== undefined) return { sign, before: amount.startsWith(sign) };
  }
  const labels = [...(header?.cells ?? []), ...rows.flatMap((row) => row.labels)];
  for (const label of labels) {
    const sign = CURRENCY.exec(label)?.[0] ?? CODE_IN_LABEL.exec(label)?.[1]?.toUpperCase();
    if (sign !== undefined) return { sign, before: false };
  }
  return null;
}
