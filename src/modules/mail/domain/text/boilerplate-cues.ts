/**
 * Furniture around a mail's content that only the cleaner looks for: newsletter footers, app-store and
 * social lines, company imprints, tracking padding, calendar invitation boilerplate (Google Calendar,
 * Outlook and Teams), form fields. Cues the summariser shares (calls to action, app promotion,
 * notification footers, disclaimers) come from src/text/. Patterns only, for one trimmed line of
 * bounded length; literal alternations with bounded gaps, so none can backtrack badly.
 */
import { APP_PROMOTION, AUTOMATED_NOTICES, RECEIVING_NOTICES } from '../../../../text/boilerplate.js';
import { alternation } from '../../../../text/languages.js';

const alternatives = (parts: readonly string[]): string => parts.join('|');

/** Newsletter and corporate furniture: a line that matches is dropped wherever it is. */
export const FURNITURE = new RegExp(
  alternatives([
    'unsubscribe', 'opt[ -]?out (?:of (?:these|our|future|all) (?:e-?mails|messages|communications)|here|at any time)', 'manage (?:your )?(?:email |e-mail |subscription |notification |communication )?(?:preferences|subscriptions?|settings)',
    'update (?:your )?(?:email |subscription )?preferences', 'email preferences', 'notification settings',
    'view (?:this |the )?(?:e-?mail |message |newsletter )?(?:in|on) (?:your |a )?(?:web ?)?browser', 'view (?:it |this )?online', 'view as (?:a )?web ?page',
    'trouble (?:viewing|reading) this', 'is this email not displaying', 'having trouble (?:viewing|seeing)',
    'privacy (?:policy|notice|statement|center)', 'terms (?:of (?:service|use|sale)|(?:and|&) conditions)', 'cookie (?:policy|settings)',
    '^copyright', 'copyright (?:©|\\(c\\)|\\d{4})', '©', '\\(c\\) ?(?:19|20)\\d\\d', 'all rights reserved',
    'this (?:e-?mail|message|newsletter) was sent (?:to|by)', 'sent to .{1,80} because', 'if you (?:no longer|don\'t|do not) (?:wish|want) to receive',
    'add .{1,60} to your (?:address book|contacts|safe sender)', 'forward (?:this|it)? ?to a friend', '^follow us(?: on)?', 'connect with us', 'join us on (?:facebook|twitter|instagram|linkedin|youtube|tiktok|social)',
    'download (?:our|the) app', '^get (?:it|the app) on (?:google play|the app store)', '^download on the app store', '^available on the app store',
    '^(?:app store|google play)(?:\\s?[|·•]\\s?(?:app store|google play))*$', 'need to return (?:something|an item)', 'questions\\? (?:contact|visit|email|call|we\'re here)', 'need help\\? (?:contact|visit|email|call)',
    '^(?:questions\\? )?contact (?:us|customer service|support)[.!]?$', '^help cent(?:er|re)$', 'powered by (?:mailchimp|substack|sendgrid|hubspot|beehiiv|mailerlite|getresponse|freshmail|klaviyo)',
    '^(?:facebook|twitter|x|instagram|linkedin|youtube|tiktok|pinterest)(?:\\s?[|·•,/]\\s?(?:facebook|twitter|x|instagram|linkedin|youtube|tiktok|pinterest))+$',
    // App promotion, automated-mail notices and tracker or code-review notification footers (Jira, GitHub, GitLab).
    alternation(APP_PROMOTION), alternation(RECEIVING_NOTICES), alternation(AUTOMATED_NOTICES), 'you can view, comment on, or merge this pull request online',
    '^message[- ]id: ?<', '^(?:file changes|patch links:?)$', '^\\(\\d+ files?\\)$', '^(?:[-*•] )?[AMDR] \\S{1,200} \\(\\d+\\)$', 'mute (?:the|this) thread', '^(?:add comment|view issue|view pull request)$',
    // Polish
    'wypisz się', 'wypisać się', 'wypisanie', 'rezygnacj[aięy] z (?:subskrypcji|newslettera|otrzymywania)', 'zrezygnować z (?:subskrypcji|newslettera|otrzymywania)',
    'polityk[aię] prywatności', 'regulamin', 'wszelkie prawa zastrzeżone', 'ta wiadomość została wysłana',
    'wiadomość (?:została )?wysłana (?:do|na adres)', 'zobacz (?:wersję )?w przeglądarce', 'wersja (?:online|przeglądarkowa)', 'jeśli (?:nie widzisz|wiadomość nie wyświetla)',
    'ustawienia powiadomień', '\\b(?:krs|regon|nip)\\b:? ?\\d', 'kapitał zakładowy', 'sąd rejonowy', 'obserwuj nas',
    // A company's legal imprint in English, German, French and Spanish (register, court, capital, tax id).
    'registered in (?:england|scotland|wales|northern ireland|ireland)(?: and wales)?,? (?:no\\.?|number|with|under|company)', '^registered office:', '^company (?:registration )?(?:no\\.?|number):? ?\\d',
    'amtsgericht \\p{L}+,? (?:hrb|hra)', '^(?:hrb|hra) ?\\d', 'ust-?id(?:nr|\\.-nr)?\\.?:? ?de ?\\d', '^registergericht:', '^sitz der gesellschaft:', '^geschäftsführer(?:in|ung)?:',
    '(?:sarl|sas|sasu|eurl|sa) au capital de', '\\brcs [\\p{L} -]{2,30}\\d{3}', '^siret:? ?\\d', '^n° tva intracommunautaire',
    'inscrita en el registro mercantil', '^cif:? ?[a-z]-?\\d',
    // German, French, Spanish
    'abmelden', 'abbestellen', 'newsletter abbestellen', 'im browser (?:ansehen|anzeigen|öffnen)', '^datenschutz(?:erklärung|hinweise?)?$', 'impressum', 'alle rechte vorbehalten',
    'se désinscrire', 'se désabonner', 'désinscription', 'désabonnement', 'voir (?:la version )?(?:en ligne|dans (?:votre|le) navigateur)', 'politique de confidentialité', 'tous droits réservés', 'mentions légales',
    'darse de baja', 'cancelar (?:la )?suscripción', 'ver (?:en|en el) navegador', 'política de privacidad', 'todos los derechos reservados', 'aviso legal',
  ]),
  'iu',
);

/** Footer openers: from one of these in the last part of a mail, the rest is footer (addresses, legal). */
export const FOOTER_START =
  /unsubscribe|(?:you are|you're) receiving this|you (?:received|receive) this (?:e-?mail|message)|this (?:e-?mail|message) was sent to|all rights reserved|copyright|©|wypisz się|rezygnacj[aięy] z|otrzymujesz (?:tę|tą|ten|niniejszą)|wszelkie prawa zastrzeżone|abmelden|abbestellen|alle rechte vorbehalten|se désinscrire|se désabonner|tous droits réservés|darse de baja|todos los derechos reservados/iu;

/** A postal code: US ZIP, Polish 00-000, five-digit European, UK and Canadian forms. */
const POSTAL_CODE = /\b(?:[A-Z]{2} \d{5}(?:-\d{4})?|\d{2}-\d{3}|\d{4,5}|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d)\b/;

/** A row of short navigation links: "Impressum | Datenschutz | Kontakt", "Help · Privacy · Terms". */
export function isNavigationLine(line: string): boolean {
  const parts = line.split(/\s[|·•]\s/);
  return parts.length >= 3 && line.length <= 120 && parts.every((part) => part.trim().split(/\s+/).length <= 3);
}

/** A sender's postal address on one line (newsletter footers): "Coffee Co, 12 Bean St, Portland, OR 97201". */
export function isPostalAddressLine(line: string): boolean {
  if (line.length > 160 || /[.!?]$/.test(line.replace(/\b(?:st|str|ave|rd|inc|ltd|co|ul|sp|z o\.o)\.$/i, ''))) return false;
  const parts = line.split(/\s?[,·|•]\s?/).length;
  return parts >= 3 && POSTAL_CODE.test(line) && /\d/.test(line.replace(POSTAL_CODE, ''));
}

/** A document's page header or footer: "Seite 1 von 2", "Page 2 of 3", "Auftragsbestätigung Nr. 4711 - Seite 2 von 2". */
export const PAGE_NUMBER = /^(?:[^\n]{0,80}\s[-–—|·]\s)?(?:page|seite|página|pagina|strona|str\.|p\.)\s?\d{1,4}\s?(?:of|von|de|sur|z|di|\/)\s?\d{1,4}$/iu;

/** A company's legal form: a name with one is an organisation's. */
const LEGAL_FORM = /(?:^|\s)(?:GmbH|AG|KG|OHG|GbR|UG|e\.K\.|SARL|SAS|SASU|EURL|SA|S\.A\.|S\.L\.|SL|S\.L\.U\.|Ltd\.?|Limited|LLC|LLP|Inc\.?|plc|PLC|BV|B\.V\.|NV|N\.V\.|S\.p\.A\.|Srl|S\.r\.l\.|sp\. z o\.o\.|S\.C\.|Sp\.j\.)(?=$|[\s,])/u;
/** A tax or company id in an imprint: "VAT FR40512345678", "USt-IdNr. DE812345678", "NIP 525-000-00-00". */
const TAX_ID = /\b(?:VAT|TVA|USt-?IdNr\.?|UID|NIF|CIF|NIP|SIRET|SIREN|EIN|Tax ID)\b:?\s?[A-Z]{0,2}[\d -]{6,}/i;
/** A part of a one-line address that holds a postcode and a town: "44000 Nantes", "D-28217 Bremen", "SW1A 1AA". */
const POSTCODE_TOWN = /(?:^|\s)(?:(?:[A-Z]{1,2}-)?\d{4,5}|\d{2}-\d{3})\s\p{Lu}|\b(?:[A-Z]{2} \d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})\b/u;
/** A part that is a street with its number: "8 rue des Artisans", "Hafenstraße 21", "ul. Długa 5". */
const STREET = /^(?:\d{1,4}[a-z]?,?\s\p{L}|\p{L}[\p{L}. '’-]{2,40}\s\d{1,4}[a-z]?(?:[-/]\d{1,4})?$)/u;

/**
 * A letterhead or an imprint on one line: an organisation's name, then its street and its postcode and
 * town ("MENUISERIE MOREAU - 8 rue des Artisans - 44000 Nantes", "Metallbau Krüger GmbH, Hafenstraße 21,
 * 28217 Bremen"), or an address with the company's tax id ("14 rue des Tanneurs, 69002 Lyon - VAT
 * FR40512345678"). Never a labelled address ("Ship to: …", "Client : …"): that one is the mail's content.
 * A name set apart only by commas counts when it is in capitals or has a legal form: "Café Roma, 12 Via
 * Roma, 00184 Roma" may be where a meeting is.
 */
export function isLetterheadLine(line: string): boolean {
  if (line.length > 160 || /[.!?:]$/.test(line) || /^[\p{L}][\p{L} .'’/-]{0,30}\s?[:：]/u.test(line)) return false;
  const parts = line.split(/\s[-–—·|•]\s|,\s/).map((part) => part.trim());
  if (parts.length < 3 || !parts.some((part) => POSTCODE_TOWN.test(part))) return false;
  if (TAX_ID.test(line)) return true;
  const name = parts[0] ?? '';
  if (/\d/.test(name) || name.split(/\s+/).length > 6 || !parts.slice(1).some((part) => STREET.test(part))) return false;
  const dashed = /\s[-–—·|•]\s/.test(line);
  return dashed || LEGAL_FORM.test(name) || !/\p{Ll}/u.test(name);
}

/**
 * A field of a form, to be filled in or signed, not read: a blank of underscores ("Received in good
 * condition: ______ (name, signature)"), a signature asked for in brackets ("Bon pour accord (date et
 * signature) :", "(Ort, Datum, Unterschrift)"), or a signature line's label on its own ("Unterschrift:",
 * "Firma y fecha", "Podpis klienta").
 */
const FORM_BLANK = /\p{L}.{0,120}_{4,}|_{4,}.{0,120}\p{L}/u;
const SIGNATURE_IN_BRACKETS = /\((?:[^()]{0,40}[\s,/&])?(?:signature|signed|unterschrift|firma|podpis|assinatura|handtekening)(?:[\s,/&.][^()]{0,40})?\)/iu;
const SIGNATURE_LABEL =
  /^(?:(?:authori[sz]ed |customer(?:'s)? |client(?:'s)? )?signature|signed|sign here|date(?:,| and| &) signature|signature(?:,| and| &) date|name(?:,| and| &) signature|unterschrift(?: des (?:kunden|auftraggebers))?|datum(?:,| und) unterschrift|ort(?:,| und) datum(?:(?:,| und) unterschrift)?|bon pour accord|lu et approuvé|date et signature|signature du client|firma y fecha|fecha y firma|firma del cliente|conforme|podpis(?: klienta| odbiorcy| zamawiającego)?|data i podpis|czytelny podpis)(?:\s*\([^()]{0,40}\))?\s*[:：]?$/iu;

export function isFormFieldLine(line: string): boolean {
  if (line.length > 160) return false;
  return FORM_BLANK.test(line) || SIGNATURE_LABEL.test(line) || (line.length <= 100 && !/[.!?]$/.test(line) && SIGNATURE_IN_BRACKETS.test(line));
}

/** Gmail's plain-text stand-ins for images: "[image: Logo]". */
export const MEDIA_PLACEHOLDER = /^\[(?:image|img|cid|logo|obraz|grafika|bild|imagen)\b[^\]]{0,300}\]$/i;

/** Google Calendar and Outlook/Teams invitation furniture: never the event's own facts. */
export const CALENDAR_BOILERPLATE = new RegExp(
  alternatives([
    '^invitation from google calendar', '^(?:updated )?invitation from google', '^view all guest info',
    // The guest list: "Anna Nowak - organizer", "mikel@example.com - optional" (Google Calendar's text part).
    '\\s[-–]\\s(?:organizer|organiser|creator|optional|organisator|organisateur|organizador|organizator)$', '^reply for \\S', '^reply for$',
    '^(?:yes|no|maybe)(?:\\s?[·|/]?\\s?(?:yes|no|maybe|more options))+$', '^more options$', '^rsvp (?:for|to) \\S',
    '^join (?:with|by) google meet', '^join by phone', '^more phone numbers', '^join with (?:a )?(?:video conferencing device|sip)', 'meet\\.google\\.com',
    'teams\\.microsoft\\.com', 'teams\\.live\\.com', '^(?:\\(\\w{2}\\) )?\\+?[\\d ()-]{7,}\\s?pin:?\\s?[\\d ]+#?$', '^pin:\\s?[\\d ]+#?$',
    'you are receiving this (?:email|courtesy email) (?:because|at the account)', 'to stop receiving (?:future updates|these emails)',
    'forwarding this invitation could allow', 'learn more about meet', '^learn more\\W*$', '^invitation from outlook',
    '^microsoft teams(?: meeting| need help\\?)?\\W*$', '^join (?:the meeting now|on your computer|on (?:the )?web|microsoft teams meeting)', '^click here to join the meeting',
    '^meeting id:', '^passcode:', '^(?:phone )?conference id:', '^download teams', '^meeting options', '^reset dial-in pin', '^find a local number',
    '^join conversation', '^for organizers:', '^need help\\?$', '^dial[- ]in by phone', '^call in \\(audio only\\)',
    '^(?:einladung von google kalender|invitation de google agenda|invitación de google calendar|zaproszenie z kalendarza google)',
    '^(?:ja|nein|vielleicht|oui|non|peut-être|sí|no|quizás|tak|nie|może)(?:\\s?[·|/]?\\s?(?:ja|nein|vielleicht|oui|non|peut-être|sí|no|quizás|tak|nie|może|weitere optionen|plus d\'options|más opciones|więcej opcji))+$',
    '^(?:besprechungs-id|kenncode|id de la réunion|code secret|id\\. de reunión|código de acceso|identyfikator spotkania|kod dostępu):',
  ]),
  'iu',
);
