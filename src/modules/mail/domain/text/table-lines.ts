/**
 * An HTML table as plain lines a reader (and a summariser) can follow: `Total: $54.20` for a
 * label/value row, cells joined with ` · ` for wider rows, `Header: value` pairs under a header row.
 * Layout tables (one cell per row, or cells holding whole blocks of text) give their cells' text as is.
 */

export interface TableCell {
  /** The cell's text: lines trimmed, '' when nothing visible. */
  text: string;
  /** A `<th>`, or a cell of a `<thead>` row. */
  header: boolean;
  /** Its content ended with a paragraph (`</p>`, `</h1>`…): a blank line follows it in layout. */
  paragraph?: boolean;
}

export type TableRow = readonly TableCell[];

const SEPARATOR = ' · ';

export function tableLines(rows: readonly TableRow[]): string {
  const out: string[] = [];
  /** Whether a blank line (not a line break) follows each entry of `out`. */
  const gaps: boolean[] = [];
  let header: readonly string[] | null = null;
  const headerAt = guessedHeaderRow(rows);
  rows.forEach((row, index) => {
    const filled = row.filter((cell) => cell.text !== '');
    if (filled.length === 0) return;
    if (filled.length === 1 || filled.some((cell) => cell.text.includes('\n'))) {
      // Layout: a column of blocks, or side-by-side blocks. Their text stands on its own.
      out.push(filled.map((cell) => cell.text).join('\n'));
      gaps.push(filled.some((cell) => cell.paragraph === true));
      header = null;
      return;
    }
    if (index === headerAt || row.every((cell) => cell.header || cell.text === '')) {
      header = row.map((cell) => cell.text);
      return;
    }
    // Under a header, a row of fewer filled cells ("Subtotal … $187.00", "TOTAL … $203.60") is a
    // label and its value, not an item whose cells line up with the header.
    const headerWidth = header?.filter((text) => text !== '').length ?? 0;
    out.push(header && (filled.length > 2 || filled.length >= headerWidth) ? withHeader(header, row) : plainRow(filled));
    gaps.push(false);
  });
  // A header row with no data under it is still text the mail shows.
  if (out.length === 0 && header !== null) return (header as readonly string[]).filter((text) => text !== '').join(SEPARATOR);
  return out.map((entry, index) => (index === 0 ? entry : `${gaps[index - 1] === true ? '\n\n' : '\n'}${entry}`)).join('');
}

function plainRow(cells: TableRow): string {
  if (cells.length === 2) {
    const [label, value] = [cells[0]?.text ?? '', cells[1]?.text ?? ''];
    return /[:：]$/.test(label) ? `${label} ${value}` : `${label}: ${value}`;
  }
  return cells.map((cell) => cell.text).join(SEPARATOR);
}

function withHeader(header: readonly string[], row: TableRow): string {
  const pairs: string[] = [];
  row.forEach((cell, column) => {
    if (cell.text === '') return;
    const label = header[column]?.replace(/[:：]$/, '') ?? '';
    pairs.push(label === '' ? cell.text : `${label}: ${cell.text}`);
  });
  return pairs.join(SEPARATOR);
}

/**
 * Receipts often mark their header row with bold `<td>`s rather than `<th>`: the first row counts as a
 * header when the table has at least three columns and two data rows of the same width, the first
 * row holds no digits, and every data row does.
 */
function guessedHeaderRow(rows: readonly TableRow[]): number {
  const data = rows.filter((row) => row.some((cell) => cell.text !== ''));
  const first = data[0];
  if (!first || data.length < 3 || first.some((cell) => cell.header)) return -1;
  const width = first.length;
  if (width < 3 || first.some((cell) => cell.text === '' || /\d/.test(cell.text) || cell.text.includes('\n'))) return -1;
  const rest = data.slice(1);
  if (!rest.every((row) => row.length === width && row.some((cell) => /\d/.test(cell.text)))) return -1;
  return rows.indexOf(first);
}
