import { APP_PROMOTION, AUTOMATED_NOTICES, RECEIVING_NOTICES } from '../../../../text/boilerplate.js';
import { GREETINGS, JAPANESE_HONORIFIC, JAPANESE_NAME_CHARACTER } from '../../../../text/greetings.js';
import { alternation } from '../../../../text/languages.js';
import { unicodeWords } from '../../../../text/unicode-words.js';
/**
 * What the offline summariser recognises in a mail's sentences, in English, Polish, German, French,
 * Spanish and Japanese. Patterns only: the decisions live in extractive-summary.ts and boilerplate.ts.
 * Line-level furniture (footers, app badges, calendar blocks) is the mail cleaner's job
 * (mail/domain/text/boilerplate-cues.ts); the lists here catch what reaches a sentence anyway. Greetings,
 * closings, calls to action and the furniture both sides know are shared text knowledge (src/text/).
 */

const anyOf = (parts: readonly string[], flags = 'iu'): RegExp => unicodeWords(new RegExp(parts.join('|'), flags));

/** "Hi Ada," / "Dzień dobry," / "Hallo Jan," / "Bonjour Marc," / "Hola Ana," / "山田様" on a line of its own. */
export const GREETING = unicodeWords(
  new RegExp(
    '^(?:' +
      [
        alternation(GREETINGS),
        String.raw`${JAPANESE_NAME_CHARACTER}{1,6}です(?=。)`,
        String.raw`${JAPANESE_NAME_CHARACTER}{1,8}${JAPANESE_HONORIFIC}(?=$|[、,])`,
      ].join('|') +
      String.raw`)\b[^.!?]{0,60}[,!:、。]?$`,
    'iu',
  ),
);

/** A list item: "- x", "* x", "• x", "1. x", "2) x". */
export const LIST_ITEM = unicodeWords(/^\s*(?:[-*•·▪◦‣●]|\d{1,2}[.)])\s+(?=\S)/u);

/**
 * Something the reader is asked to do, or a deadline: "please …", "could you …", "by Friday",
 * "proszę o …", "bitte …", "…してください", and a review or a task handed to the reader.
 */
export const REQUEST = anyOf([
  String.raw`\bplease\b`, String.raw`\bpls\b`, String.raw`\bkindly\b`, String.raw`\b(?:could|can|would|will) you\b`, String.raw`\b(?:can|could|shall) we\b`,
  String.raw`\b(?:you|we) (?:need|have) to\b`, String.raw`\byou must\b`, String.raw`\bdeadline\b`, String.raw`\basap\b`, String.raw`\brsvp\b`,
  String.raw`\bdon'?t forget\b`, String.raw`\bremember to\b`, String.raw`\bmake sure\b`, String.raw`\baction required\b`,
  String.raw`\blet (?:me|us) know\b`, String.raw`\breply by\b`, String.raw`\bno later than\b`,
  String.raw`\b(?:by|before|until) (?:the )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|noon|eod|eow|end of (?:the )?(?:day|week|month))\b`,
  // A review or a task handed to the reader by a tracker or a code host.
  String.raw`\brequested your (?:review|approval|feedback)\b`, String.raw`\bassigned\b.{0,60}\bto you\b`, String.raw`\bassigned you\b`,
  String.raw`\byou(?:'ve| have) been (?:assigned|requested|added as (?:a )?reviewer)\b`, String.raw`\b(?:needs|requires|awaits|awaiting|waiting for) your (?:review|approval|input|attention|action)\b`,
  // Polish
  'proszę', 'prosimy', 'prosiłbym', 'prosiłabym', 'najpóźniej', String.raw`\bpilne\b`, 'pilnie', String.raw`\bnależy\b`,
  String.raw`\bmusisz\b`, String.raw`czy (?:możesz|mógłbyś|mogłabyś|mógłby pan|mogłaby pani|może pan|może pani|moglibyście|możemy)`,
  String.raw`daj(?:cie)? (?:mi |nam )?znać`, String.raw`\bpotwierdź`, String.raw`\bprześlij`, String.raw`\bwyślij`,
  String.raw`\bdo (?:poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|jutra|końca (?:dnia|tygodnia|miesiąca))\b`,
  String.raw`\bprzypisa\p{L}* (?:do )?(?:ciebie|ci|pana|pani)\b`, String.raw`\bprosi o (?:twoją |pana |pani )?(?:recenzję|opinię|akceptację)\b`,
  // German
  String.raw`\bbitte\b`, String.raw`\b(?:könnten|können|würden) sie\b`, String.raw`\b(?:kannst|könntest|würdest) du\b`, String.raw`\bspätestens\b`,
  String.raw`\bfrist\b`, String.raw`\bbis (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|ende)\b`, String.raw`\bgebt (?:mir )?bescheid\b`,
  String.raw`\b(?:ihnen|dir) zugewiesen\b`, String.raw`\bwartet auf (?:ihre|deine) (?:freigabe|prüfung|genehmigung|überprüfung)\b`,
  // French and Spanish
  String.raw`\bmerci de (?!votre |vos |ton |ta |tes )`, String.raw`\bveuillez\b`, String.raw`\bpourriez-vous\b`, String.raw`\ba demandé votre (?:relecture|revue|avis|validation)\b`, String.raw`\bvous a (?:été )?assigné`,
  String.raw`\bpor favor\b`, String.raw`\b(?:podría|podrías|puede|puedes) (?:usted )?(?:enviar|confirmar|revisar|firmar|pagar)\b`, String.raw`\bsolicitó tu revisión\b`, String.raw`\bte (?:ha )?asignado\b`, String.raw`\bte asignó\b`,
  // Japanese
  'ください', 'お願いします', 'お願いいたします', 'までに', 'レビュー(?:を)?依頼', 'あなたに(?:割り当て|アサイン)',
]);

/** An English sentence that opens with a verb telling the reader what to do. */
export const IMPERATIVE_START =
  unicodeWords(/^(?:send|confirm|sign|pay|review|reply|submit|complete|bring|call|book|approve|update|check|upload|fill in|fill out|forward|prepare|share|register|join|rsvp|note that)\b/i);

/** Shop talk, footers and courtesy lines that sound like a request but ask nothing: "Need to return something? Visit …". */
export const NOT_A_REQUEST = anyOf([
  String.raw`\b(?:do not reply|don't reply|nie odpowiada\p{L}*|nicht (?:auf diese \p{L}+ )?antworten|need (?:to return|help)|questions\?|contact (?:us|our)|visit (?:our|the)|help cent(?:er|re)|customer (?:service|support))\b`,
  String.raw`\b(?:track (?:your )?(?:order|package|parcel)|download (?:the|our) (?:[\p{L}\d-]+ ){0,3}app|follow us|rate (?:your|us)|leave a review|tell us what you think)\b`,
  String.raw`\b(?:shop|browse|discover|explore) (?:now|the|our|all|more|new)\b`, String.raw`\b(?:subscribe|unsubscribe|masz pytania|skontaktuj się z nami|haben sie fragen|kontaktieren sie uns)\b`,
  String.raw`\breply to this (?:e-?mail|message|notification)\b`, String.raw`\bview it on \p{L}+`, String.raw`\b(?:do not|don't) hesitate\b`, String.raw`\bfeel free\b`,
  String.raw`\bzögern sie nicht\b`, String.raw`\bn'hésitez pas\b`, String.raw`\bno dude\p{L}* en\b`, String.raw`\bnie wahaj\p{L}* się\b`, 'お気軽に',
]);

/**
 * "Please find attached our invoice", "Anbei erhalten Sie …", "Veuillez trouver ci-joint …": a pointer
 * to content elsewhere, not a request and not itself content.
 */
export const POINTER = anyOf([
  String.raw`\bplease (?:find|see) (?:attached|enclosed|below|above|herewith|here)\b`,
  String.raw`\b(?:please |kindly )?(?:find|see) (?:our|the|my|your|this)\b[^.!?]{0,60}\b(?:attached|enclosed|below|above)\b`,
  String.raw`\b(?:attached|enclosed|below) (?:please find|is|are|you(?:'ll| will) find)\b`, String.raw`\bplease see (?:the )?(?:attachment|attached file)\b`,
  String.raw`\bi(?:'ve| have) attached\b`, String.raw`\bsee attached\b`, String.raw`\bkindly find\b`, String.raw`\battached (?:herewith|hereto)\b`,
  String.raw`\banbei (?:finden sie|erhalten sie|sende ich|senden wir|übersende\p{L}*|die|der|das|unsere?|ihre|meine)\b`,
  String.raw`\bim anhang (?:finden sie|erhalten sie|sende ich|senden wir|befindet sich|ist)\b`, String.raw`\bin der anlage (?:finden sie|erhalten sie|senden wir)\b`,
  String.raw`\b(?:veuillez )?trouver ci-(?:joint|jointe|dessous|après)\b`, String.raw`\bvous trouverez (?:ci-|en pièce jointe)`, String.raw`\bci-joint\b`,
  String.raw`\badjunt(?:o|amos) (?:le |les |te )?(?:enviamos|envío|remitimos|encontrará\p{L}*|la|el)\b`, String.raw`\b(?:encontrará|encontrarás|encuentra) (?:adjunt[oa]s?|a continuación)\b`,
  String.raw`\bw załącz(?:eniu|niku) (?:przesyłam\p{L}*|przekazuję|przekazujemy|znajdzie\p{L}*|znajduje się)`, String.raw`\bprzesyłam\p{L}* w załącz(?:eniu|niku)\b`,
  '添付(?:ファイル|資料)?(?:の通り|にて|いたします|致します|します|をお送りします)',
]);

/** Text of a sentence that is not its end: anything but sentence punctuation, and a dot inside a file name. */
const NOT_AN_END = String.raw`(?:[^.!?;]|\.(?=[\p{L}\p{N}]))`;

/**
 * A sentence that only says that files are attached: "The order lines are attached as order-10-7734.csv.",
 * "See the attached file.", "Die Rechnung finden Sie im Anhang.", "Le devis est en pièce jointe.",
 * "Adjunto el acta.", "Umowa w załączniku.". Matched over the whole sentence (up to about two lines), so
 * one that goes on to say something ("… is attached; the fee rises to EUR 400") is more than a pointer.
 */
export const ATTACHMENT_POINTER = unicodeWords(
  new RegExp(
    String.raw`^${NOT_AN_END}{0,100}(?:` +
      [
        String.raw`\b(?:is|are|has been|have been|was|were) (?:also )?attached\b`, String.raw`\bsee (?:the )?attached\b`, String.raw`\battached (?:you(?:'ll| will) find|to this (?:e-?mail|message))\b`,
        String.raw`\b(?:im|als) anhang\b`, String.raw`\bin der anlage\b`, String.raw`\banbei\b`,
        String.raw`\ben pi[eè]ces? jointes?\b`, String.raw`\ben pj\b`, String.raw`\b(?:est|sont) (?:ci-)?joint(?:e|s|es)?\b`,
        String.raw`\badjunt(?:o|a|os|as|amos)\b`,
        String.raw`\bw załącz(?:niku|nikach|eniu)\b`, String.raw`\bzałącza(?:m|my)\b`,
      ].join('|') +
      String.raw`)${NOT_AN_END}{0,100}[.!]?$`,
    'iu',
  ),
);

/**
 * A security notice (a password reset, a sign-in alert, a verification code, a changed payee), from its
 * subject or text, in English, German, French, Spanish and Polish.
 */
export const SECURITY_NOTICE = anyOf([
  String.raw`\b(?:reset|change|changed|update|updated|new|temporary) (?:your |the )?password\b`, String.raw`\bpassword (?:reset|change|was changed|has been changed)\b`,
  String.raw`\b(?:verification|security|confirmation|one-time|login|sign-?in) (?:code|passcode|password)\b`, String.raw`\bsecurity (?:alert|notice|notification|warning)\b`,
  String.raw`\b(?:new|unusual|suspicious) (?:sign-?in|log-?in|login|device|activity|payee)\b`, String.raw`\b(?:sign-?in|log-?in|login) (?:attempt|alert)\b`,
  String.raw`\btwo-factor\b`, String.raw`\b2fa\b`,
  String.raw`\b(?:passwort|kennwort)\p{L}*`, String.raw`\b(?:sicherheits|bestätigungs|verifizierungs)code\b`, String.raw`\bneue anmeldung\b`, String.raw`\bverdächtige\p{L}*`,
  String.raw`\bmot de passe\b`, String.raw`\bcode de (?:vérification|sécurité|confirmation)\b`, String.raw`\b(?:nouvelle )?connexion (?:inhabituelle|suspecte)\b`, String.raw`\balerte de sécurité\b`,
  String.raw`\bcontraseña\b`, String.raw`\bcódigo de (?:verificación|seguridad|confirmación)\b`, String.raw`\binicio de sesión\b`, String.raw`\balerta de seguridad\b`,
  String.raw`\bhasł\p{L}*`, String.raw`\bkod (?:weryfikacyjny|bezpieczeństwa|jednorazowy|sms)\b`, String.raw`\b(?:nowe|nieudane|podejrzane) logowani\p{L}*`, String.raw`\balert bezpieczeństwa\b`,
]);

/**
 * What a security notice tells the reader to do if it was not them: "If this wasn't you, …", "If you
 * did not request this, ignore this email", "Falls Sie das nicht waren, …", "Si ce n'est pas vous, …",
 * "Si no fuiste tú, …", "Jeśli to nie Ty, …".
 */
export const IF_NOT_YOU = anyOf([
  String.raw`\bif (?:this|it|that) (?:was(?:n'?t|n’t| not)|is(?:n'?t|n’t| not)) (?:you|yours)\b`,
  String.raw`\bif you (?:did(?:n'?t|n’t| not)|have(?:n'?t|n’t| not)|do(?:n'?t|n’t| not)) (?:request|make|made|initiate|authori[sz]e|recogni[sz]e|sign|log|add|change|ask)\p{L}*`,
  String.raw`\bnot you\?`,
  String.raw`\b(?:wenn|falls) (?:sie|du) (?:das|dies|diese \p{L}+)? ?nicht (?:selbst )?(?:waren|warst|angefordert|veranlasst|beantragt|vorgenommen)\b`,
  String.raw`\bsi (?:ce n['’]est pas vous|vous n['’](?:êtes|avez) pas)\b`,
  String.raw`\bsi no (?:fuiste tú|fuiste tu|fue usted|has solicitado|solicitaste|ha solicitado|reconoces|reconoce|realizaste|realizó)\b`,
  String.raw`\b(?:jeśli|jeżeli) to nie (?:ty|wy|pan|pani|był\p{L}*)\b`, String.raw`\b(?:jeśli|jeżeli) nie (?:prosił|zlecał|wysyłał|logował|zmieniał)\p{L}*`,
]);

/** Pleasantries, courtesy lines and notification footers that fill space without saying anything. */
export const FLUFF = anyOf([
  // Thanks and hopes, in every language.
  // "Merci de confirmer …" asks something: only "merci de votre …" thanks.
  String.raw`^(?:thanks|thank you|many thanks|dzięki|dziękuję|dziękujemy|danke|vielen dank|merci(?! de (?!votre |vos |ton |ta |tes ))|gracias|muchas gracias)\b[^.!?\d]{0,40}[.!]?$`,
  String.raw`^thanks? (?:you )?(?:so much )?for (?:your (?:order|purchase|booking|payment|reservation|enquiry|inquiry|interest|e-?mail|message|request|business|trust|feedback|understanding|cooperation)|shopping)`,
  String.raw`thanks? (?:you )?for (?:reading|your (?:time|attention|patience))`, String.raw`hope (?:you(?:'re| are)? (?:well|doing well|had)|this (?:e-?mail|message) finds you|this helps)`,
  String.raw`^(?:dziękujemy|dziękuję) za (?:zamówienie|zakup|rezerwację|płatność|wiadomość|zaufanie|zapytanie)`, String.raw`dziękuję za (?:uwagę|przeczytanie)`,
  String.raw`^(?:vielen |herzlichen |besten )?dank(?:e)? für (?:ihre|ihren|ihr|deine|deinen|dein) (?:bestellung|buchung|zahlung|reservierung|einkauf|auftrag|anfrage|nachricht|e-?mail|interesse|vertrauen|geduld)`,
  String.raw`^(?:merci|nous vous remercions) (?:pour|de) votre (?:commande|achat|réservation|message|demande|confiance|intérêt|paiement)`,
  String.raw`^(?:muchas )?gracias por (?:su|tu) (?:pedido|compra|reserva|mensaje|consulta|confianza|interés|pago)`,
  'ご注文(?:いただき)?(?:誠に)?ありがとうございます', 'お問い合わせいただき(?:誠に)?ありがとうございます',
  // "Any questions? We are here to help": courtesy, not content.
  'let me know if you have any questions', 'if you have any (?:further )?questions', String.raw`feel free to (?:reach out|contact|get in touch)`,
  String.raw`(?:please )?(?:do not|don'?t) hesitate to (?:reach out|contact|get in touch|call|ask)`, String.raw`(?:we are|we're|i am|i'm) (?:always )?(?:happy|glad|here) to (?:help|assist|answer)`,
  String.raw`should you (?:have|need) (?:any )?(?:further )?(?:questions|information|assistance)`, String.raw`looking forward to (?:hearing from you|seeing you|your reply)`,
  String.raw`have a (?:great|nice|good|lovely) (?:day|week|weekend)`,
  String.raw`mam nadzieję, że (?:wszystko|u ciebie|u pana|u pani)`, String.raw`w razie (?:jakichkolwiek )?(?:pytań|wątpliwości)`, 'służę pomocą',
  String.raw`(?:pozostaję|pozostajemy|jestem|jesteśmy) do (?:twojej |pana |pani |państwa )?dyspozycji`, 'miłego dnia', 'udanego weekendu',
  String.raw`ich hoffe, es geht (?:dir|ihnen|euch) gut`, String.raw`(?:bei|für) (?:weitere |allfällige )?(?:rückfragen|fragen)[^.!?]{0,50}(?:stehe|stehen|melden|wenden|verfügung)`,
  String.raw`stehen? (?:wir|ich) (?:ihnen|dir|euch) (?:jederzeit |gerne |gern |selbstverständlich )*zur verfügung`, 'melden sie sich gerne', 'schönes wochenende', 'einen schönen tag',
  String.raw`wir freuen uns (?:auf|über) (?:ihre|deine) (?:antwort|rückmeldung|nachricht)`,
  String.raw`n'hésitez pas à (?:nous|me) (?:contacter|joindre|écrire)`, String.raw`(?:je reste|nous restons|restant) à votre (?:entière )?disposition`,
  String.raw`^pour toute (?:question|information|demande)`, String.raw`(?:dans l'attente|au plaisir) de vous lire`, 'bonne (?:journée|fin de semaine|soirée)',
  String.raw`(?:quedo|quedamos) a (?:su|tu|vuestra) (?:entera )?disposición`, String.raw`no dude\p{L}* en (?:contactar|ponerse en contacto|escribir)`,
  String.raw`^para cualquier (?:duda|consulta|pregunta)`, String.raw`(?:quedo|quedamos) (?:a la espera|atentos?) de (?:su|tu) (?:respuesta|noticias)`,
  '(?:平素より|平素は|いつも|日頃より)?(?:大変|たいへん)?お世話になって(?:おります|います)', 'お世話になります', 'お疲れ(?:様|さま)です', 'ご無沙汰しております',
  'ご不明な点(?:が|など)?(?:ございましたら|ありましたら)', 'お気軽に(?:お問い合わせ|ご連絡)',
  // Automated-mail furniture, notification footers and app promotion.
  alternation(AUTOMATED_NOTICES), alternation(RECEIVING_NOTICES), alternation(APP_PROMOTION),
  'this is the mail system at host', 'for further assistance, please send mail to', 'you can delete your own text from the attached',
  'please try double-checking the recipient', 'the response from the remote server was', 'if you do so, please include this problem report',
  '^arrived-date:', '^reporting-mta:', String.raw`^message[- ]id:`, String.raw`^\*\* .* \*\*$`,
  // Newsletter openers.
  String.raw`here(?:'s| is) what(?:'s| is) new`, String.raw`in this (?:issue|edition)`, String.raw`w tym (?:wydaniu|numerze)`, 'oto co nowego',
]);
