/**
 * Characters a reader does not see: soft hyphens, combining grapheme joiners, zero-width spaces and
 * joiners, bidi controls and isolates, word joiners, Hangul and Khmer fillers, byte-order marks and
 * interlinear annotation marks. Newsletters pad their preheaders with them, and hidden text smuggles
 * instructions to a model through them. A character class's body, for each reader to compile.
 */
export const INVISIBLE_CHARACTERS =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB';

/** Spaces of other widths than the ASCII space (no-break, en, em, thin, ideographic, …): a class's body. */
export const WIDE_SPACES = '\\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000';

/** Every form of line break mail and documents use: CR LF, CR, NEL, line and paragraph separators. */
export const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
