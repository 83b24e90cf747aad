/**
 * A CSV file as lines a summariser reads as records: the first row names the columns, and each later
 * row becomes `Item: Widget; Qty: 4; Price: 12.00` (empty cells left out). Quoted fields (RFC 4180)
 * may hold the delimiter, doubled quotes and line breaks. The delimiter is guessed from the first
 * line: comma, semicolon (Excel in many European locales) or tab.
 */
export interface CsvText {
  text: string;
  /** Rows left out after `maxRows`. */
  omittedRows: number;
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The candidate that occurs most often outside quotes on the first line; comma on a tie. */
function guessDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Rows of cells, one pass, linear in the input; calls `onRow` and stops when it returns false. */
function parseRows(text: string, delimiter: string, onRow: (cells: string[]) => boolean): void {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = (): boolean => {
    cells.push(cell);
    cell = '';
    const row = cells;
    cells = [];
    return row.length === 1 && row[0] === '' ? true : onRow(row); // blank lines are no rows
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      if (!endRow()) return;
    } else cell += char;
    i++;
  }
  if (cell !== '' || cells.length > 0) endRow();
}

function clean(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim();
}

export function csvLines(text: string, maxRows: number): CsvText {
  const lines: string[] = [];
  let header: string[] | null = null;
  let rows = 0;
  let omittedRows = 0;
  parseRows(text, guessDelimiter(text), (raw) => {
    const cells = raw.map(clean);
    if (header === null) {
      header = cells;
      return true;
    }
    if (rows >= maxRows) {
      omittedRows++;
      return true; // keeps counting, so the text can say how many rows were left out
    }
    rows++;
    const names = header;
    const pairs = cells.flatMap((value, index) => (value === '' ? [] : [`${names[index] || `Column ${index + 1}`}: ${value}`]));
    if (pairs.length > 0) lines.push(pairs.join('; '));
    return true;
  });
  const headerOnly: string[] = header ?? [];
  if (rows === 0) return { text: headerOnly.filter((name) => name !== '').join('; '), omittedRows: 0 };
  return { text: lines.join('\n'), omittedRows };
}
