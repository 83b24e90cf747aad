/**
 * The fake Google Docs' document model (fake-google-docs.server.ts serves it over HTTP): a body of UTF-16
 * code units with a text style each and a paragraph style on each paragraph's newline, the batchUpdate
 * requests applied with Google's rules, the document's JSON as the API returns it, and `fields` masks.
 */
import { randomBytes } from 'node:crypto';

export type Style = Record<string, unknown>;

export interface FakeRun {
  text: string;
  style: Style;
}

export interface FakeParagraph {
  /** Without the closing newline. */
  text: string;
  namedStyleType: string;
  style: Style;
  bullet: boolean;
  /** Consecutive code units with the same text style; the closing newline is left out. */
  runs: FakeRun[];
}

export type DocsRequest = Record<string, unknown>;

export interface Unit {
  ch: string;
  style: Style;
  /** On a paragraph's closing newline only. */
  paragraph?: { style: Style; bullet: boolean };
  /** Ids of the named ranges that cover this unit. */
  ranges?: string[];
}

export interface Doc {
  id: string;
  title: string;
  account: string;
  trashed: boolean;
  revision: number;
  units: Unit[];
  /** Named range id → name. */
  rangeNames: Record<string, string>;
}


export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function newline(style: Style, bullet = false): Unit {
  return { ch: '\n', style: {}, paragraph: { style: { ...style }, bullet } };
}

export function textOf(doc: Doc): string {
  return doc.units.map((unit) => unit.ch).join('');
}

/** Applies a whole batch or nothing, as Google does; returns the replies. */
export function applyAll(doc: Doc, list: DocsRequest[]): unknown[] {
  const copy = doc.units.map((unit) => ({ ...unit, ...(unit.paragraph && { paragraph: { ...unit.paragraph } }) }));
  const names = { ...doc.rangeNames };
  const replies = list.map((request, i) => applyOne(copy, names, request, i));
  doc.units = copy;
  doc.rangeNames = names;
  doc.revision += 1;
  return replies;
}

function applyOne(units: Unit[], rangeNames: Record<string, string>, request: DocsRequest, i: number): unknown {
  const [kind, args] = Object.entries(request)[0] ?? [];
  const where = `Invalid requests[${i}].${kind ?? ''}`;
  const bodyEnd = units.length + 1;
  const checkIndex = (index: number, max: number): void => {
    if (!Number.isInteger(index) || index < 1) throw new ApiError(400, `${where}: Index ${index} must be greater than or equal to 1.`);
    if (index > max) throw new ApiError(400, `${where}: Index ${index} must be less than the end index of the referenced segment, ${bodyEnd}.`);
    if (isHigh(units[index - 2]?.ch) && isLow(units[index - 1]?.ch)) {
      throw new ApiError(400, `${where}: The index ${index} would split a surrogate pair.`);
    }
  };
  const rangeOf = (): [number, number] => {
    const range = field(args, 'range');
    const start = Number(field(range, 'startIndex'));
    const end = Number(field(range, 'endIndex'));
    checkIndex(start, bodyEnd - 1);
    checkIndex(end, bodyEnd);
    if (start >= end) throw new ApiError(400, `${where}: The range should not be empty.`);
    return [start - 1, end - 1];
  };
  const fieldsOf = (): string[] => {
    const fields = field(args, 'fields');
    if (typeof fields !== 'string' || fields === '') throw new ApiError(400, `${where}: fields is required.`);
    return fields.split(',').map((name) => name.trim());
  };
  const paragraphsIn = ([start, end]: [number, number]): Unit[] => {
    const closing: Unit[] = [];
    for (let pos = start; pos < units.length; pos += 1) {
      const unit = units[pos] as Unit;
      if (unit.paragraph) closing.push(unit);
      if (unit.paragraph && pos >= end - 1) break;
    }
    return closing;
  };

  switch (kind) {
    case 'insertText': {
      const atEnd = field(args, 'endOfSegmentLocation') !== undefined;
      const index = atEnd ? bodyEnd - 1 : Number(field(field(args, 'location'), 'index'));
      checkIndex(index, bodyEnd - 1);
      const text = stripLikeGoogle(String(field(args, 'text') ?? ''));
      if (text === '') throw new ApiError(400, `${where}: Insert text requests must specify text to insert.`);
      const pos = index - 1;
      const before = units[pos - 1];
      const inherited = before && before.ch !== '\n' ? before.style : {};
      const host = units.slice(pos).find((unit) => unit.paragraph)?.paragraph ?? { style: {}, bullet: false };
      const inserted = text.split('').map((ch): Unit => (ch === '\n' ? { ...newline(host.style, host.bullet), style: { ...inherited } } : { ch, style: { ...inherited } }));
      units.splice(pos, 0, ...inserted);
      return {};
    }
    case 'createNamedRange': {
      const name = field(args, 'name');
      if (typeof name !== 'string' || name.length < 1 || name.length > 256) throw new ApiError(400, `${where}: The name must be 1 to 256 characters.`);
      const [start, end] = rangeOf();
      const namedRangeId = `kix.${randomBytes(6).toString('hex')}`;
      rangeNames[namedRangeId] = name;
      for (let pos = start; pos < end; pos += 1) {
        const unit = units[pos] as Unit;
        unit.ranges = [...(unit.ranges ?? []), namedRangeId];
      }
      return { createNamedRange: { namedRangeId } };
    }
    case 'updateTextStyle': {
      const [start, end] = rangeOf();
      const fields = fieldsOf();
      const style = (field(args, 'textStyle') ?? {}) as Style;
      for (let pos = start; pos < end; pos += 1) (units[pos] as Unit).style = withFields((units[pos] as Unit).style, style, fields);
      return {};
    }
    case 'updateParagraphStyle': {
      const range = rangeOf();
      const fields = fieldsOf();
      const style = (field(args, 'paragraphStyle') ?? {}) as Style;
      for (const unit of paragraphsIn(range)) if (unit.paragraph) unit.paragraph.style = withFields(unit.paragraph.style, style, fields);
      return {};
    }
    case 'createParagraphBullets':
    case 'deleteParagraphBullets':
      for (const unit of paragraphsIn(rangeOf())) if (unit.paragraph) unit.paragraph.bullet = kind === 'createParagraphBullets';
      return {};
    default:
      throw new ApiError(400, `${where}: the fake does not support this request.`);
  }
}

function withFields(current: Style, update: Style, fields: string[]): Style {
  if (fields.includes('*')) return { ...update };
  const next = { ...current };
  for (const name of fields) {
    if (update[name] === undefined) delete next[name];
    else next[name] = update[name];
  }
  return next;
}

function stripLikeGoogle(text: string): string {
  return [...text]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return !(code <= 0x08 || (code >= 0x0c && code <= 0x1f) || (code >= 0xe000 && code <= 0xf8ff));
    })
    .join('');
}

export function paragraphsOf(doc: Doc): FakeParagraph[] {
  const out: FakeParagraph[] = [];
  let units: Unit[] = [];
  for (const unit of doc.units) {
    if (!unit.paragraph) {
      units.push(unit);
      continue;
    }
    const runs: FakeRun[] = [];
    for (const { ch, style } of units) {
      const last = runs.at(-1);
      if (last && sameStyle(last.style, style)) last.text += ch;
      else runs.push({ text: ch, style });
    }
    const { namedStyleType = 'NORMAL_TEXT', ...rest } = unit.paragraph.style;
    out.push({ text: units.map((u) => u.ch).join(''), namedStyleType: String(namedStyleType), style: rest, bullet: unit.paragraph.bullet, runs });
    units = [];
  }
  return out;
}

/** The Document resource as the Docs API returns it. */
export function documentJson(doc: Doc): unknown {
  const content: unknown[] = [{ endIndex: 1, sectionBreak: { sectionStyle: { sectionType: 'CONTINUOUS' } } }];
  let index = 1;
  let paragraphStart = 1;
  let elements: unknown[] = [];
  let run: { start: number; text: string; style: Style } | null = null;
  const closeRun = (): void => {
    if (run) elements.push({ startIndex: run.start, endIndex: run.start + run.text.length, textRun: { content: run.text, textStyle: run.style } });
    run = null;
  };
  for (const unit of doc.units) {
    if (run && sameStyle(run.style, unit.style)) run.text += unit.ch;
    else {
      closeRun();
      run = { start: index, text: unit.ch, style: unit.style };
    }
    index += 1;
    if (unit.paragraph) {
      closeRun();
      content.push({
        startIndex: paragraphStart,
        endIndex: index,
        paragraph: {
          elements,
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', ...unit.paragraph.style },
          ...(unit.paragraph.bullet && { bullet: { listId: 'kix.fake-list' } }),
        },
      });
      elements = [];
      paragraphStart = index;
    }
  }
  const namedRanges: Record<string, { name: string; namedRanges: unknown[] }> = {};
  for (const [namedRangeId, name] of Object.entries(doc.rangeNames)) {
    const covered = doc.units.flatMap((unit, pos) => (unit.ranges?.includes(namedRangeId) ? [pos + 1] : []));
    const first = covered[0];
    const last = covered.at(-1);
    // A named range whose text was deleted is gone.
    if (first === undefined || last === undefined) continue;
    const entry = (namedRanges[name] ??= { name, namedRanges: [] });
    entry.namedRanges.push({ namedRangeId, name, ranges: [{ startIndex: first, endIndex: last + 1 }] });
  }
  return {
    documentId: doc.id,
    title: doc.title,
    revisionId: String(doc.revision),
    body: { content },
    ...(Object.keys(namedRanges).length > 0 && { namedRanges }),
  };
}

type FieldTree = Map<string, FieldTree | null>;

/** Google's partial response (`fields=revisionId,body/content(endIndex,paragraph)`): only what was asked for. */
export function selectFields(value: unknown, fields: string): unknown {
  return select(value, parseFields(fields));
}

function parseFields(fields: string): FieldTree {
  const tree: FieldTree = new Map();
  let pos = 0;
  const parseList = (into: FieldTree): void => {
    while (pos < fields.length && fields[pos] !== ')') {
      let node = into;
      for (;;) {
        const name = /^[A-Za-z0-9_*]+/.exec(fields.slice(pos))?.[0];
        if (!name) throw new ApiError(400, `Invalid field selection ${fields}`);
        pos += name.length;
        const existing = node.get(name);
        if (fields[pos] === '/' || fields[pos] === '(') {
          const child: FieldTree = existing ?? new Map();
          node.set(name, child);
          node = child;
          if (fields[pos++] === '(') {
            parseList(child);
            pos += 1;
            break;
          }
        } else {
          node.set(name, null);
          break;
        }
      }
      if (fields[pos] === ',') pos += 1;
    }
  };
  parseList(tree);
  return tree;
}

function select(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => select(item, tree));
  const out: Record<string, unknown> = {};
  for (const [name, child] of tree) {
    const source = value as Record<string, unknown>;
    if (name === '*') Object.assign(out, Object.fromEntries(Object.entries(source).map(([key, item]) => [key, select(item, child)])));
    else if (source[name] !== undefined) out[name] = select(source[name], child);
  }
  return out;
}

function sameStyle(a: Style, b: Style): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isHigh(ch: string | undefined): boolean {
  return ch !== undefined && /^[\uD800-\uDBFF]$/.test(ch);
}

function isLow(ch: string | undefined): boolean {
  return ch !== undefined && /^[\uDC00-\uDFFF]$/.test(ch);
}

// ---- HTTP helpers ----

export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
