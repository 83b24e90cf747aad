/**
 * The fake Google Docs' document model (fake-google-docs.server.ts serves it over HTTP): a body of UTF-16
 * code units with a text style each and a paragraph style on each paragraph's newline, the batchUpdate
 * requests applied with Google's rules, the document's JSON as the API returns it, and `fields` masks.
 */
import { randomBytes } from 'node:crypto';
import { createBullets, listJson } from './fake-google-docs.lists.js';
import { ApiError, field, sameStyle, type Doc, type DocsRequest, type FakeBullet, type FakeParagraph, type Style, type TabContent, type Unit } from './fake-google-docs.types.js';

export { selectFields } from './fake-google-docs.fields.js';
import { paragraphsOf } from './fake-google-docs.paragraphs.js';

export { paragraphsOf };
export { ApiError, field, type Doc, type DocsRequest, type FakeParagraph, type FakeRun, type Style, type TabContent, type Unit } from './fake-google-docs.types.js';

export function newline(style: Style, bullet: FakeBullet | null = null): Unit {
  return { ch: '\n', style: {}, paragraph: { style: { ...style }, bullet } };
}

export function textOf(doc: TabContent): string {
  return doc.units.map((unit) => unit.ch).join('');
}

/** Every tab of the document, the first one first; the first tab's content is the document's own. */
export function tabsOf(doc: Doc): { id: string; title: string; content: TabContent }[] {
  return [{ ...(doc.firstTab ?? { id: 't.0', title: 'Tab 1' }), content: doc }, ...(doc.moreTabs ?? []).map((tab) => ({ id: tab.id, title: tab.title, content: tab }))];
}

/** The tab a request names in its location or range (none: the first tab). */
function tabOfRequest(request: DocsRequest): string | undefined {
  const args = Object.values(request)[0];
  const tabId = ['location', 'range', 'endOfSegmentLocation'].map((key) => field(field(args, key), 'tabId')).find((id) => id !== undefined);
  return tabId === undefined ? undefined : String(tabId);
}

/** Applies a whole batch or nothing, as Google does; returns the replies. Each request goes to the tab it names. */
export function applyAll(doc: Doc, list: DocsRequest[]): unknown[] {
  const tabs = tabsOf(doc);
  const copies = new Map(
    tabs.map(({ id, content }) => [
      id,
      { units: content.units.map((unit) => ({ ...unit, ...(unit.paragraph && { paragraph: { ...unit.paragraph } }) })), rangeNames: { ...content.rangeNames }, lists: { ...content.lists } },
    ]),
  );
  const replies = list.map((request, i) => {
    const tabId = tabOfRequest(request);
    const target = copies.get(tabId ?? tabs[0]?.id ?? '');
    if (!target) throw new ApiError(400, `Invalid requests[${i}].${Object.keys(request)[0] ?? ''}: The tab with ID ${tabId ?? ''} was not found.`);
    return applyOne(target.units, target.rangeNames, target.lists, request, i);
  });
  for (const { id, content } of tabs) Object.assign(content, copies.get(id));
  doc.revision += 1;
  return replies;
}

function applyOne(units: Unit[], rangeNames: Record<string, string>, lists: Record<string, string>, request: DocsRequest, i: number): unknown {
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
      const host = units.slice(pos).find((unit) => unit.paragraph)?.paragraph ?? { style: {}, bullet: null };
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
    case 'deleteParagraphBullets':
      for (const unit of paragraphsIn(rangeOf())) if (unit.paragraph) unit.paragraph.bullet = null;
      return {};
    case 'createParagraphBullets':
      createBullets(units, lists, paragraphsIn(rangeOf()), field(args, 'bulletPreset'), where);
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

/**
 * The Document resource as the Docs API returns it: the first tab's content at the top, or with
 * `includeTabsContent` every tab's content in `tabs` and none at the top.
 */
export function documentJson(doc: Doc, includeTabsContent = false): unknown {
  const head = { documentId: doc.id, title: doc.title, revisionId: String(doc.revision) };
  if (!includeTabsContent) return { ...head, ...contentJson(doc) };
  return { ...head, tabs: tabsOf(doc).map(({ id, title, content }, index) => ({ tabProperties: { tabId: id, title, index }, documentTab: contentJson(content) })) };
}

function contentJson(doc: TabContent): Record<string, unknown> {
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
          ...(unit.paragraph.bullet && { bullet: { listId: unit.paragraph.bullet.listId, textStyle: {} } }),
        },
      });
      elements = [];
      paragraphStart = index;
    }
  }
  const namedRanges: Record<string, { name: string; namedRanges: unknown[] }> = {};
  // One pass over the text for every range (a document of a few hundred blocks has as many ranges).
  const spans = new Map<string, { first: number; last: number }>();
  doc.units.forEach((unit, pos) => {
    for (const rangeId of unit.ranges ?? []) {
      const span = spans.get(rangeId);
      if (span) span.last = pos + 1;
      else spans.set(rangeId, { first: pos + 1, last: pos + 1 });
    }
  });
  for (const [namedRangeId, name] of Object.entries(doc.rangeNames)) {
    const { first, last } = spans.get(namedRangeId) ?? {};
    // A named range whose text was deleted is gone.
    if (first === undefined || last === undefined) continue;
    const entry = (namedRanges[name] ??= { name, namedRanges: [] });
    entry.namedRanges.push({ namedRangeId, name, ranges: [{ startIndex: first, endIndex: last + 1 }] });
  }
  return {
    body: { content },
    ...(Object.keys(doc.lists ?? {}).length > 0 && { lists: Object.fromEntries(Object.entries(doc.lists ?? {}).map(([id, preset]) => [id, listJson(preset)])) }),
    ...(Object.keys(namedRanges).length > 0 && { namedRanges }),
  };
}

function isHigh(ch: string | undefined): boolean {
  return ch !== undefined && /^[\uD800-\uDBFF]$/.test(ch);
}

function isLow(ch: string | undefined): boolean {
  return ch !== undefined && /^[\uDC00-\uDFFF]$/.test(ch);
}

/** A tab a test seeds after a document's first: its title, optionally its id and paragraphs. */
export interface SeedTab {
  id?: string;
  title: string;
  paragraphs?: string[];
}

/** Adds tabs after the document's first, as a user does in the Docs editor. */
export function addTabs(doc: Doc, tabs: readonly SeedTab[]): void {
  for (const tab of tabs) {
    const id = tab.id ?? `t.${randomBytes(6).toString('hex')}`;
    const content: TabContent = { units: [newline({ namedStyleType: 'NORMAL_TEXT' })], rangeNames: {} };
    doc.moreTabs = [...(doc.moreTabs ?? []), { id, title: tab.title, ...content }];
    if (tab.paragraphs?.length) applyAll(doc, [{ insertText: { location: { index: 1, tabId: id }, text: tab.paragraphs.join('\n') } }]);
  }
}

/** A tab as a test reads it: its id, title, text (ending with its final newline) and paragraphs. */
export interface FakeTab {
  id: string;
  title: string;
  text: string;
  paragraphs: FakeParagraph[];
  /** The names of the named ranges in the tab. */
  namedRanges: string[];
}

export function tabViews(doc: Doc): FakeTab[] {
  return tabsOf(doc).map(({ id, title, content }) => ({
    id,
    title,
    text: textOf(content),
    paragraphs: paragraphsOf(content),
    namedRanges: Object.entries(content.rangeNames).filter(([rangeId]) => content.units.some((unit) => unit.ranges?.includes(rangeId))).map(([, name]) => name),
  }));
}
