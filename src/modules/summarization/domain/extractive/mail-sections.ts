import { isBoilerplate, isPointer } from './boilerplate.js';
import { digestLog } from './log-digest.js';
import { digestTables } from './table-digest.js';
import { unitsOf, type Unit } from './units.js';
import { normalised } from './wording.js';

/** An attachment's text, as the mail pipeline read it (a PDF invoice, a text file). */
export interface AttachmentText {
  name: string;
  text: string;
}

/**
 * The mail's units, the body first, then each attachment's, in one reading order. Each part is read
 * on its own (a log is digested, a price table reduced to its total and largest items) so that no line
 * of one joins a line of another.
 */
export interface MailUnits {
  units: Unit[];
  /** The attachment each unit comes from (absent: the body). */
  attachmentOf: ReadonlyMap<Unit, string>;
  /** Which part each unit comes from: 0 for the body, then 1, 2… for the attachments. */
  partOf: ReadonlyMap<Unit, number>;
  /** Units stating a price table's total: they open the summary. */
  totals: ReadonlySet<Unit>;
  /** Units stating a table's largest line items: key points, never the summary. */
  items: ReadonlySet<Unit>;
  /** A table's other amounts (subtotal, tax, shipping): key points at most, never the summary. */
  tableRest: ReadonlySet<Unit>;
  /** What a pasted or attached log amounts to, with the attachment it came from (null: the body). */
  logs: { attachment: string | null; summary: string }[];
}

interface Part {
  attachment: string | null;
  units: Unit[];
  totals: Unit[];
  items: Unit[];
  rest: Unit[];
  log: string | null;
}

export function mailUnits(body: string, attachments: readonly AttachmentText[] = []): MailUnits {
  const parts = [readPart(body, null), ...attachments.filter((file) => file.text.trim() !== '').map((file) => readPart(file.text, file.name))];
  // With an attachment that says something, "Please find attached our invoice." says nothing more: the
  // attachment's content leads instead.
  const attached = parts.slice(1).some((part) => part.units.length > 0);
  const units: Unit[] = [];
  const attachmentOf = new Map<Unit, string>();
  const partOf = new Map<Unit, number>();
  let paragraphs = 0;
  for (const [index, part] of parts.entries()) {
    const kept = attached ? part.units.filter((unit) => !isPointer(unit.text)) : part.units;
    for (const unit of kept) {
      unit.order = units.length;
      unit.paragraph += paragraphs;
      units.push(unit);
      partOf.set(unit, index);
      if (part.attachment !== null) attachmentOf.set(unit, part.attachment);
    }
    paragraphs = units.length === 0 ? paragraphs : (units[units.length - 1]?.paragraph ?? 0) + 1;
  }
  const present = new Set(units);
  return {
    units,
    attachmentOf,
    partOf,
    totals: new Set(parts.flatMap((part) => part.totals).filter((unit) => present.has(unit))),
    items: new Set(parts.flatMap((part) => part.items).filter((unit) => present.has(unit))),
    tableRest: new Set(parts.flatMap((part) => part.rest).filter((unit) => present.has(unit))),
    logs: parts.flatMap((part) => (part.log === null ? [] : [{ attachment: part.attachment, summary: part.log }])),
  };
}

function readPart(text: string, attachment: string | null): Part {
  const log = digestLog(text);
  const tables = digestTables(log ? log.prose : text);
  // An attachment's lines keep the structure of its document: a heading or a timeline entry stays a line.
  const units = unitsOf(tables.text, { document: attachment !== null }).filter((unit) => !isBoilerplate(unit.text));
  const totals = new Set(tables.totals.map(normalised));
  const items = new Set(tables.items.map(normalised));
  const rest = new Set(tables.rest.map(normalised));
  return {
    attachment,
    units,
    totals: units.filter((unit) => totals.has(normalised(unit.text))),
    items: units.filter((unit) => items.has(normalised(unit.text))),
    rest: units.filter((unit) => rest.has(normalised(unit.text))),
    log: log?.summary ?? null,
  };
}
