/**
 * The languages whose mail the text knowledge reads: English, Polish, German, French and Spanish in
 * full, Japanese for its set phrases, and the Italian, Portuguese and Dutch forms that cost nothing.
 */
export type Language = 'en' | 'pl' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'ja';

/** Pattern sources (regular-expression text, case-insensitive, Unicode), one list per language. */
export type CuesByLanguage = Partial<Record<Language, readonly string[]>>;

/** The cues of the given languages (all by default) as one alternation, each language's order kept. */
export function alternation(cues: CuesByLanguage, languages: readonly Language[] = Object.keys(cues) as Language[]): string {
  return languages.flatMap((language) => cues[language] ?? []).join('|');
}
