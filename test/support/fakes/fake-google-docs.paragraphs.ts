/** The paragraphs of a fake Google Docs document (fake-google-docs.model.ts) as tests read them. */
import { field, sameStyle, type FakeParagraph, type FakeRun, type TabContent, type Unit } from './fake-google-docs.types.js';

/** Each paragraph: its text, named style, list and preset, text runs, bold runs and links. */
export function paragraphsOf(doc: TabContent): FakeParagraph[] {
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
    const listId = unit.paragraph.bullet?.listId ?? null;
    out.push({
      text: units.map((u) => u.ch).join(''),
      namedStyleType: String(namedStyleType),
      style: rest,
      bullet: listId !== null,
      listId,
      preset: listId === null ? null : (doc.lists?.[listId] ?? null),
      runs,
      bold: runs.filter((run) => run.style.bold === true).map((run) => run.text),
      links: runs.flatMap((run) => {
        const url = field(run.style.link, 'url');
        return typeof url === 'string' ? [{ text: run.text, url }] : [];
      }),
    });
    units = [];
  }
  return out;
}
