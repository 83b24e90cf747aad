import { alternation, type CuesByLanguage } from './languages.js';

/**
 * Furniture that both the cleaner (line by line) and the summariser (sentence by sentence) recognise.
 * Pattern sources, unanchored unless they say `^`: literal alternations with bounded gaps, so none can
 * backtrack badly. What only one side looks for stays with that side.
 */

/** A button or link label left on its own line: "Read more", "View issue", "Czytaj dalej", "Mehr erfahren". */
export const CALLS_TO_ACTION = {
  en: [
    'read (?:more|the full story|online)', 'continue reading', 'learn more', 'find out more', 'see (?:more|details|all)', 'shop (?:now|the sale)',
    'buy now', 'order now', 'sign up(?: now| today)?', 'register(?: now| here)?', 'get started', 'click here', 'track (?:your )?(?:order|package)',
    // Shop, tracker and code-review buttons (Jira, GitHub, GitLab).
    'view (?:order|details|receipt|in app|in browser|issue|ticket|task|pull request|merge request|comment|commit|changes|it on \\p{L}+|on \\p{L}+)',
    'add (?:a )?comment', 'reply', 'open (?:issue|ticket|pull request|in \\p{L}+)', 'mute (?:this )?thread', 'unwatch', 'review changes',
  ],
  pl: ['czytaj (?:dalej|więcej)', 'zobacz (?:więcej|szczegóły|ofertę|zgłoszenie)', 'dowiedz się więcej', 'kup teraz', 'zapisz się', 'kliknij tutaj', 'sprawdź'],
  de: ['mehr erfahren', 'weiterlesen', 'jetzt (?:kaufen|shoppen|entdecken)', 'hier klicken', 'vorgang (?:anzeigen|öffnen)'],
  fr: ['en savoir plus', 'lire la suite', 'voir (?:le ticket|la demande)'],
  es: ['más información', 'leer más', 'comprar ahora', 'ver (?:incidencia|solicitud)'],
} as const satisfies CuesByLanguage;

/** A line or sentence that is only a call to action. */
export const CALL_TO_ACTION = new RegExp(`^(?:${alternation(CALLS_TO_ACTION)})\\W*$`, 'iu');

/** App promotion in a footer: "Download the Jira Cloud app for Android", "Pobierz aplikację". */
export const APP_PROMOTION = {
  en: [
    'notifications on your (?:phone|mobile|device)', 'download (?:the|our) (?:[\\p{L}\\d-]+ ){0,3}app (?:for|on|from) ',
    'get the (?:[\\p{L}\\d-]+ ){0,3}app (?:for|on) (?:android|ios|iphone)',
  ],
  pl: ['pobierz (?:naszą )?aplikację'],
  de: ['laden sie (?:die|unsere) .{0,30}app'],
  fr: ["téléchargez (?:l'|notre )application"],
  es: ['descarg\\p{L}* (?:la|nuestra) (?:app|aplicación)'],
  ja: ['アプリ(?:を|の)?(?:ダウンロード|インストール)'],
} as const satisfies CuesByLanguage;

/** Why the reader gets this mail: "You are receiving this because …", "Sie erhalten diese E-Mail …". */
export const RECEIVING_NOTICES = {
  en: [
    "(?:you are|you're) receiving (?:this|these)", "you (?:received|receive|are getting|'re getting) this (?:e-?mail|message|newsletter)",
    'you received this (?:because|as)',
  ],
  pl: ['otrzymujesz (?:tę|tą|ten|niniejszą|naszą)'],
  de: ['sie erhalten diese (?:e-?mail|nachricht|benachrichtigung)'],
  fr: ['vous recevez ce (?:message|courriel|e-?mail)'],
  es: ['recib(?:e|es) este (?:correo|mensaje)'],
} as const satisfies CuesByLanguage;

/** An automated mail saying so, and a tracker's or code host's notification footer. */
export const AUTOMATED_NOTICES = {
  en: [
    'this is an automated (?:message|email)', 'do not reply to this (?:e-?mail|message)', '^(?:please )?do not reply to this',
    '(?:this|the) (?:e-?mail|message|notification) (?:was|is|has been) (?:automatically generated|generated automatically|sent automatically|sent from an unmonitored)',
    'reply to this (?:e-?mail|message|notification) directly', 'view it on (?:github|gitlab|jira|bitbucket)', 'this message was sent by atlassian',
  ],
  pl: ['wiadomość (?:została )?wygenerowana automatycznie'],
  de: ['diese (?:e-mail|nachricht) wurde automatisch', 'bitte antworten sie nicht'],
  ja: ['このメールは.{0,20}(?:送信専用|自動送信|自動配信)'],
} as const satisfies CuesByLanguage;
