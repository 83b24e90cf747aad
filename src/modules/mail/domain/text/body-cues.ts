/**
 * How mail clients mark reply history and signatures, in English, Polish, German, French and Spanish
 * (plus the Italian, Portuguese and Dutch forms that cost nothing). Patterns only, each meant for one
 * trimmed line of bounded length (clean-body.ts cuts lines before testing them): anchored, without
 * nested quantifiers, so none can backtrack badly. The decisions live in clean-body.ts.
 */
import { GREETINGS, JAPANESE_HONORIFIC, JAPANESE_NAME_CHARACTER } from '../../../../text/greetings.js';
import { alternation } from '../../../../text/languages.js';

const LATIN_SCRIPT = ['en', 'pl', 'de', 'fr', 'es'] as const;

/** "Hi Ada," / "Dzień dobry," / "Hallo Anna," / "Bonjour Marc," / "Hola Ana," / "山田様" on a line of its own. */
export const GREETING = new RegExp(
  `^(?:${alternation(GREETINGS, LATIN_SCRIPT)})\\b[^.!?]{0,60}[,!:]?$|` +
    `^(?:${JAPANESE_NAME_CHARACTER}{1,12}${JAPANESE_HONORIFIC}|${alternation(GREETINGS, ['ja'])})[、,。]?$`,
  'iu',
);

/**
 * A thanks that closes a mail when only the writer's name follows it: "Thanks for the great
 * collaboration!" / "Vielen Dank für Ihre Hilfe." / "Merci pour tout !". Never a polite request
 * ("Merci de confirmer avant mercredi", "Thanks for sending it by Friday").
 */
export const THANKS_CLOSING =
  /^(?!.*\b(?:before|by|until|bis|vor|avant|antes|hasta|przed|do)\s)(?:(?:thanks|thank you|many thanks)(?: so much| a lot| again| very much)?(?: for [^.!?\d]{1,60})?|(?:vielen |herzlichen )?dank(?:e)?(?: schön| sehr| dir| ihnen| euch)?(?: für [^.!?\d]{1,60})?|merci(?: beaucoup| encore| à (?:tous|toutes|vous|toi))?(?: pour [^.!?\d]{1,60})?|(?:muchas )?gracias(?: de nuevo)?(?: por [^.!?\d]{1,60})?|(?:dziękuję|dziękujemy|dzięki)(?: bardzo| serdecznie)?(?: za [^.!?\d]{1,60})?)[\s.!]*$/iu;

/** RFC 3676's "-- " separator (trimmed to "--"), and its typographic stand-ins. */
export const SIGNATURE_SEPARATOR = /^(?:--|—|–)$/;

/** A line of underscores: Outlook's rule above quoted headers, or plain decoration. */
export const RULE_LINE = /^(?:_{8,}|={8,}|-{8,}|\*{8,})$/;

/** "Sent from my iPhone" and its relatives in every language we handle. */
export const MOBILE_SIGNATURE =
  /^(?:sent from (?:my )?\S|sent (?:with|via) \S|get outlook for (?:ios|android)|von meinem \S.{0,40}gesendet$|gesendet (?:von|mit) (?:meinem )?\S|envoyé (?:de|depuis) (?:mon )?\S|télécharger outlook pour|enviado (?:desde|con) (?:mi )?\S|obtener outlook para|wysłan[eoa] (?:z|za pomocą) (?:mojego |mojej )?\S|inviato da(?:l mio)? \S)/iu;

/**
 * The start of an attribution line: "On …", "Am …", "Le …", "El …", "W dniu …", "Dnia …", and
 * Yahoo's "--- On …".
 */
export const ATTRIBUTION_START = /^(?:-{1,5}\s?)?(?:on|am|le|el|w dniu|dnia|dn\.|il|em|op)\s/i;
/** Its end: "… wrote:", "… schrieb …:", "… a écrit :", "… escribió:", "… napisał(a):", "… pisze:". */
export const ATTRIBUTION_END =
  /(?:wrote|writes|schrieb(?: [^:]{0,80})?|a écrit|escribió|napisał\(a\)|napisała|napisał|pisze|napisali|ha scritto|escreveu|schreef(?: [^:]{0,80})?)\s?:\s?-*$/iu;
/** "Ada Lovelace <ada@example.com> schrieb am 3. Juni 2024:" style, without the leading word. */
export const ADDRESS_ATTRIBUTION = /^[^<>]{0,80}<[^<>\s@]{1,64}@[^<>\s]{1,190}>[^<>]{0,80}(?:wrote|schrieb|a écrit|escribió|napisał|pisze)[^:]{0,60}:$/iu;

/** "-----Original Message-----" in each language: everything below is older mail. */
export const ORIGINAL_MESSAGE_MARKER =
  /^-{2,}\s?(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|oryginalna wiadomość|wiadomość oryginalna|messaggio originale|oorspronkelijk bericht|mensagem original)\s?-{2,}$/iu;

/** A forwarded message starts here: its headers follow, then its body (which stays). */
export const FORWARD_MARKER =
  /^(?:-{2,}\s?(?:forwarded message|forwarded e-?mail|weitergeleitete nachricht|message transféré|mensaje reenviado|wiadomość przekazana dalej|przekazana wiadomość|przesłana wiadomość|messaggio inoltrato)\s?-{2,}|begin forwarded message:?|début du message réenvoyé\s?:?|anfang der weitergeleiteten nachricht:?|inicio del mensaje reenviado:?|początek przekazywanej wiadomości:?)$/iu;

/** Labels of an Outlook header block, with the `*From:*` bold of a plain-text rendering allowed. */
export const FROM_LABEL = /^\*{0,2}(?:from|von|de|od|da|van|remitente)\s?:/iu;
export const SENT_LABEL = /^\*{0,2}(?:sent|date|gesendet|datum|envoyé|date d'envoi|enviado(?: el)?|fecha|wysłano|wysłane|data|inviato)\s?:/iu;
export const SUBJECT_LABEL = /^\*{0,2}(?:subject|betreff|objet|asunto|temat|oggetto|onderwerp)\s?:/iu;
/** Any header line inside a forwarded block (the ones above, plus recipients). */
export const HEADER_LINE =
  /^\*{0,2}(?:from|von|de|od|da|remitente|sent|date|gesendet|datum|envoyé|enviado(?: el)?|fecha|wysłano|wysłane|data|subject|betreff|objet|asunto|temat|oggetto|to|an|à|para|do|a|cc|cci|bcc|kopie|dw|udw|kopia|reply-to|antwort an|répondre à|responder a|odpowiedź do|importance|wichtigkeit|priorité)\s?:/iu;
