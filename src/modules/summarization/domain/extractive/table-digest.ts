import { MONEY } from './facts.js';
import { FINAL_TOTAL } from './kind-shapes.js';
import { amountCell, currencyOf, descriptionOf, quantityOf, roleOf, rowOf, valueOf, withHeader, type RowRole, type TableRow } from './table-rows.js';

/**
 * A price table (a quote's, an order's, an invoice's) is summarised, never dumped: its total with its
 * currency, then its largest line items; its header row and its smaller items go. Taxes, shipping and
 * subtotals stay as the lines they are.
 */

/** Line items kept of one table: the largest by amount. */
const MAX_ITEMS = 3;
/** Blank lines a table may hold (a `|---|` rule the cleaner removed, two HTML tables in a row). */
const MAX_BLANKS = 2;

export interface TableDigest {
  /** The text, each price table replaced by its total, its largest items and its other amounts, one a paragraph. */
  text: string;
  /** The lines of `text` that state a table's total. */
  totals: string[];
  /** The lines of `text` that state a kept line item. */
  items: string[];
  /** The lines of `text` that state a table's other amounts: subtotal, taxes, shipping. */
  rest: string[];
}

interface Entry {
  row: TableRow;
  role: RowRole;
}

interface Table {
  total: string | null;
  items: string[];
  rest: string[];
}

export function digestTables(text: string): TableDigest {
  const lines = text.split('\n');
  const out: string[] = [];
  const totals: string[] = [];
  const items: string[] = [];
  const rest: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const block = blockAt(lines, index);
    if (!block) {
      out.push(lines[index] ?? '');
      index += 1;
      continue;
    }
    const table = tableOf(block.entries);
    if (table) {
      if (table.total !== null) totals.push(table.total);
      items.push(...table.items);
      rest.push(...table.rest);
      // One paragraph each, so no line is read as the wrapped end of another.
      const kept = [...(table.total === null ? [] : [table.total]), ...table.items, ...table.rest];
      out.push('', ...kept.flatMap((line) => [line, '']));
    } else out.push(...lines.slice(index, block.end));
    index = block.end;
  }
  return { text: out.join('\n'), totals, items, rest };
}

/** The rows of a table starting at `start`, up to the first line that is not one; null when `start` is not one. */
function blockAt(lines: readonly string[], start: number): { entries: Entry[]; end: number } | null {
  const entries: Entry[] = [];
  let header: TableRow | null = null;
  let end = start;
  let blanks = 0;
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      blanks += 1;
      if (entries.length === 0 || blanks > MAX_BLANKS) break;
      continue;
    }
    const parsed = rowOf(line);
    if (!parsed) break;
    const row = withHeader(parsed, header);
    const role = roleOf(row);
    if (role === 'other') break;
    if (role === 'header') header = parsed;
    entries.push({ row, role });
    end = i + 1;
    blanks = 0;
  }
  return entries.length > 0 ? { entries, end } : null;
}

function tableOf(entries: readonly Entry[]): Table | null {
  const items = entries.filter((entry) => entry.role === 'item');
  const totals = entries.filter((entry) => entry.role === 'total');
  const adjustments = entries.filter((entry) => entry.role === 'adjustment');
  if (items.length < 2 && !(totals.length > 0 && items.length + adjustments.length > 0)) return null;

  const header = entries.find((entry) => entry.role === 'header')?.row ?? null;
  const currency = currencyOf(
    entries.filter((entry) => entry.role !== 'header' && entry.role !== 'rule').map((entry) => entry.row),
    header,
  );
  const say = (row: TableRow): string => amountText(row, currency);
  // The amount paid: the last "grand total" / "amount due" line, else the last total of any kind.
  const final = [...totals].reverse().find((entry) => FINAL_TOTAL.test(descriptionOf(entry.row))) ?? totals[totals.length - 1];
  const largest = [...items].sort((a, b) => valueOf(say(b.row)) - valueOf(say(a.row))).slice(0, MAX_ITEMS);
  return {
    total: final ? lineOf(final.row, say(final.row)) : null,
    items: largest.map((entry) => itemLine(entry.row, say(entry.row))),
    rest: entries.filter((entry) => entry.role === 'adjustment' || (entry.role === 'total' && entry !== final)).map((entry) => lineOf(entry.row, say(entry.row))),
  };
}

/** The row's amount, with the table's currency when the cell gives none. */
function amountText(row: TableRow, currency: { sign: string; before: boolean } | null): string {
  const amount = (row.cells[amountCell(row)] ?? '').trim();
  if (currency === null || MONEY.test(amount)) return amount;
  return currency.before ? `${currency.sign}${amount}` : `${amount} ${currency.sign}`;
}

/** `Label: amount`; a `label: value` line keeps its own words when its amount already names the currency. */
function lineOf(row: TableRow, amount: string): string {
  if (row.field && (row.cells[1] ?? '').includes(amount)) return row.line;
  return `${descriptionOf(row)}: ${amount}`;
}

/** "2 × Office chair: €640.00": the quantity when more than one, the item, its amount. */
function itemLine(row: TableRow, amount: string): string {
  if (row.field) return lineOf(row, amount);
  const quantity = quantityOf(row);
  const count = quantity !== '' && valueOf(quantity) !== 1 ? `${quantity} × ` : '';
  return `${count}${descriptionOf(row)}: ${amount}`;
}
