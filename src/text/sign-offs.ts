import { alternation, type CuesByLanguage } from './languages.js';

/**
 * How a mail is closed before the writer's name: "Best regards," / "Pozdrawiam" / "Mit freundlichen
 * Grüßen" / "Cordialement" / "Saludos" / "よろしくお願いいたします". The cleaner cuts a signature after
 * one; the summariser never takes one for content.
 */
export const CLOSINGS = {
  en: [
    '(?:best|kind|warm|warmest|many|with kind|with best)?\\s*regards', 'best(?: wishes)?', 'all the best', 'cheers', 'sincerely(?: yours)?',
    'yours(?: truly| sincerely| faithfully)?', 'thanks(?: again| a lot| so much| and regards)?', 'thank you(?: very much| so much)?',
    'many thanks', 'thx', 'br', 'kr', 'take care', 'talk soon',
  ],
  pl: [
    '(?:serdecznie |ciepło |serdeczne )?pozdr(?:awiam|owienia|awiamy)(?: serdecznie| ciepło)?', 'z (?:wyrazami )?(?:poważaniem|szacunkiem|szacunku)',
    'łączę (?:wyrazy szacunku|pozdrowienia)', 'dziękuję(?: bardzo)?', 'dzięki', 'pozdr\\.?',
  ],
  de: [
    'mit freundlichen grüßen', 'mit freundlichem gruß', 'mfg', '(?:viele|beste|liebe|herzliche|freundliche|schöne) grüße', 'lg', 'vg', 'gruß',
    'danke(?: schön| sehr| dir| ihnen)?',
  ],
  fr: [
    '(?:bien )?cordialement', 'bien à (?:vous|toi)', 'sincères salutations', 'meilleures salutations', 'bien amicalement', 'amitiés', 'bisous',
    "merci(?: beaucoup| d'avance)?",
  ],
  es: ['(?:un )?saludos?(?: cordiales)?', 'un saludo', 'atentamente', 'cordialmente', 'un abrazo', 'gracias(?: de antemano)?', 'muchas gracias'],
  ja: [
    '(?:どうぞ|今後とも|引き続き|何卒|なにとぞ)*(?:よろしく|宜しく)お願い(?:いた|致)?します',
    '(?:どうぞ|今後とも|引き続き|何卒|なにとぞ)*(?:よろしく|宜しく)お願い申し上げます',
  ],
} as const satisfies CuesByLanguage;

/** A line that is only a closing, with its trailing punctuation. */
export const CLOSING = new RegExp(`^(?:${alternation(CLOSINGS)})[\\s,.!。！]*$`, 'iu');

/**
 * The writer's name after a closing, on its line or the next ("Regards, Mallory."): one to three
 * capitalised words. Case-sensitive on purpose: "Thanks for the update" has no name in it.
 */
export const SIGNED_NAME = /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2}[.!]?$/u;
