/**
 * JavaScript's `\b` knows only ASCII letters, so `\bśroda` or `zł\b` never match. Cue patterns are
 * written with `\b` for readability and compiled through this, which makes every `\b` a boundary
 * between a Unicode letter or digit and anything else. A `\b` that opens a word only needs to look
 * behind, one that closes a word only ahead: the single lookaround keeps the patterns fast.
 */
const WORD = String.raw`[\p{L}\p{N}_]`;
const OPENS = String.raw`(?<!${WORD})`;
const CLOSES = String.raw`(?!${WORD})`;

export function unicodeWords(pattern: RegExp): RegExp {
  const flags = pattern.flags.includes('u') ? pattern.flags : `${pattern.flags}u`;
  const source = pattern.source.replace(/(?<!\\)\\b/g, (_match, at: number, all: string) => {
    const next = all.slice(at + 2, at + 4);
    // Before a letter, a digit class or a group, `\b` opens a word; before anything else it closes one.
    return next === '' || /^(?:[|)\s.,:;$'/?-]|\\s|\\W|\\S|\[\^)/.test(next) ? CLOSES : OPENS;
  });
  return new RegExp(source, flags);
}
