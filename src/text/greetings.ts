import type { CuesByLanguage } from './languages.js';

/**
 * How a mail opens: "Hi Ada," / "Dzień dobry," / "Hallo Anna," / "Bonjour Marc," / "Hola Ana," /
 * "お世話になっております". Words only: what may follow them on the line is each reader's own rule.
 */
export const GREETINGS = {
  en: ['hi', 'hello', 'hey', 'dear', 'good (?:morning|afternoon|evening)', 'greetings'],
  pl: ['dzień dobry', 'dobry wieczór', 'cześć', 'czesc', 'witam', 'witajcie', 'hej', 'szanown[aiey]', 'drog[aiey]'],
  de: ['hallo', 'guten (?:tag|morgen|abend)', 'liebe[rs]?', 'sehr geehrte[rs]?', 'servus', 'moin', 'grüß gott'],
  fr: ['bonjour', 'bonsoir', 'salut', 'cher', 'chère', 'madame', 'monsieur'],
  es: ['hola', 'buenos días', 'buenas tardes', 'estimad[oa]s?', 'querid[oa]s?'],
  ja: ['こんにちは', '(?:平素より|平素は|いつも|日頃より)?(?:大変)?お世話になって(?:おります|います)', 'お世話になります', 'お疲れ(?:様|さま)です'],
} as const satisfies CuesByLanguage;

/** Japanese script, for a name before its honorific ("山田様"). */
export const JAPANESE_NAME_CHARACTER = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]`;
/** The honorific after a name that greets: "山田様", "田中さん", "関係者各位". */
export const JAPANESE_HONORIFIC = '(?:様|さま|さん|殿|各位)';
