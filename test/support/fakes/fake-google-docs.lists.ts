/**
 * Lists of the fake Google Docs (fake-google-docs.model.ts): createParagraphBullets with Google's presets,
 * a paragraph's `bullet.listId`, and the document's `lists` with each list's glyphs as documents.get
 * answers them, so a test tells a bulleted list from a checklist.
 */
import { randomBytes } from 'node:crypto';
import { ApiError, type Unit } from './fake-google-docs.types.js';

/** The presets Google documents for createParagraphBullets. */
const BULLET_PRESETS = new Set([
  'BULLET_DISC_CIRCLE_SQUARE',
  'BULLET_DIAMONDX_ARROW3D_SQUARE',
  'BULLET_CHECKBOX',
  'BULLET_ARROW_DIAMOND_DISC',
  'BULLET_STAR_CIRCLE_SQUARE',
  'BULLET_ARROW3D_CIRCLE_SQUARE',
  'BULLET_LEFTTRIANGLE_DIAMOND_DISC',
  'BULLET_DIAMONDX_HOLLOWDIAMOND_SQUARE',
  'BULLET_DIAMOND_CIRCLE_SQUARE',
  'NUMBERED_DECIMAL_ALPHA_ROMAN',
  'NUMBERED_DECIMAL_ALPHA_ROMAN_PARENS',
  'NUMBERED_DECIMAL_NESTED',
  'NUMBERED_UPPERALPHA_ALPHA_ROMAN',
  'NUMBERED_UPPERROMAN_UPPERALPHA_DECIMAL',
  'NUMBERED_ZERODECIMAL_ALPHA_ROMAN',
]);

const SYMBOLS: Record<string, string[]> = {
  BULLET_DISC_CIRCLE_SQUARE: ['●', '○', '■'],
  BULLET_DIAMOND_CIRCLE_SQUARE: ['◆', '○', '■'],
  BULLET_STAR_CIRCLE_SQUARE: ['★', '○', '■'],
};

/**
 * Puts the paragraphs (their closing newlines, `closing`) in a list made with `preset`. As Google does,
 * they join the list of the paragraph right before them when that list has the same preset. Google takes
 * leading tabs as nesting levels and removes them, shifting every index after them; the fake refuses
 * them instead, so a writer that counts on its indexes never sends one unnoticed.
 */
export function createBullets(units: Unit[], lists: Record<string, string>, closing: Unit[], rawPreset: unknown, where: string): void {
  const preset = rawPreset === undefined ? 'BULLET_DISC_CIRCLE_SQUARE' : String(rawPreset);
  if (!BULLET_PRESETS.has(preset)) throw new ApiError(400, `${where}.bullet_preset: Invalid value ${preset}.`);
  const startOf = (unit: Unit): number => {
    let pos = units.indexOf(unit);
    while (pos > 0 && !units[pos - 1]?.paragraph) pos -= 1;
    return pos;
  };
  if (closing.some((unit) => units[startOf(unit)]?.ch === '\t')) throw new ApiError(400, `${where}: the fake does not model leading tabs (nesting levels).`);
  const first = closing[0];
  const before = first ? units[startOf(first) - 1]?.paragraph?.bullet : null;
  const listId = before && lists[before.listId] === preset ? before.listId : `kix.list${randomBytes(4).toString('hex')}`;
  lists[listId] = preset;
  for (const unit of closing) if (unit.paragraph) unit.paragraph.bullet = { listId };
}

/**
 * A list as documents.get returns it: the glyph of its first nesting levels. A checklist reads with no
 * glyph symbol and glyphType GLYPH_TYPE_UNSPECIFIED: the API has no name for a checkbox.
 */
export function listJson(preset: string): unknown {
  const symbols = SYMBOLS[preset];
  const nestingLevels = [0, 1, 2].map((level) => ({
    bulletAlignment: 'START',
    glyphFormat: `%${level}`,
    indentFirstLine: { magnitude: 18 + 36 * level, unit: 'PT' },
    indentStart: { magnitude: 36 + 36 * level, unit: 'PT' },
    startNumber: 1,
    ...(symbols ? { glyphSymbol: symbols[level] } : { glyphType: preset.startsWith('NUMBERED_') ? 'DECIMAL' : 'GLYPH_TYPE_UNSPECIFIED' }),
  }));
  return { listProperties: { nestingLevels } };
}
