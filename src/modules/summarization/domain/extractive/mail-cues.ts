import { unicodeWords } from '../../../../shared/unicode-words.js';
/**
 * What the offline summariser recognises in a mail's lines and sentences, in English, Polish, German
 * and Japanese. Patterns only: the decisions live in extractive-summary.ts.
 */

/** "Hi Ada," / "Dzień dobry," / "Hallo Jan," on a line of its own. */
export const GREETING =
  unicodeWords(/^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|dzień dobry|dobry wieczór|cześć|czesc|witam|witajcie|hej|szanown[aiey]|drog[aiey]|hallo|liebe[rs]?|sehr geehrte[rs]?|guten (?:tag|morgen|abend)|moin|servus|grüß gott|こんにちは|お疲れ様です|いつもお世話になっております|お世話になっております|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,6}です(?=。))\b[^.!?]{0,60}[,!:、。]?$/iu);

/** "Best regards," / "Pozdrawiam" / "Viele Grüße": a sign-off, nothing to summarise. */
export const CLOSING =
  unicodeWords(/^(?:(?:best|kind|warm|warmest|many)?\s*regards|best(?: wishes)?|all the best|cheers|sincerely|yours(?: truly| sincerely| faithfully)?|thanks(?: again| a lot| so much)?|thank you(?: very much)?|many thanks|(?:serdecznie |ciepło )?pozdr(?:awiam|owienia)(?: serdecznie| ciepło)?|z (?:wyrazami )?(?:poważaniem|szacunku)|dziękuję(?: bardzo)?|dzięki|(?:viele|beste|liebe|freundliche) grüße|mit freundlichen grüßen|lg|vg|mfg|danke(?: schön| sehr)?|よろしくお願いします|よろしくお願いいたします)[\s,.!。]*$/iu);

/** A list item: "- x", "* x", "• x", "1. x", "2) x". */
export const LIST_ITEM = unicodeWords(/^\s*(?:[-*•·▪◦‣●]|\d{1,2}[.)])\s+(?=\S)/u);

/** A call-to-action line left over from a button or a link: "Read more", "Czytaj dalej", "Mehr erfahren". */
export const CALL_TO_ACTION =
  unicodeWords(/^(?:read (?:more|the full story|online)|continue reading|learn more|find out more|see (?:more|details|all)|shop (?:now|the sale)|buy now|order now|sign up(?: now| today)?|register(?: now| here)?|get started|click here|view (?:order|details|in browser)|czytaj (?:dalej|więcej)|zobacz (?:więcej|szczegóły|ofertę)|dowiedz się więcej|kup teraz|zapisz się|kliknij tutaj|sprawdź|mehr erfahren|jetzt (?:kaufen|shoppen|entdecken)|weiterlesen|hier klicken)\W*$/iu);

/**
 * Something the reader is asked to do, or a deadline: "please …", "could you …", "by Friday",
 * "proszę o …", "bitte …", "…してください".
 */
export const REQUEST = unicodeWords(new RegExp(
  [
    String.raw`\bplease\b`, String.raw`\bpls\b`, String.raw`\bkindly\b`, String.raw`\b(?:could|can|would|will) you\b`, String.raw`\b(?:can|could|shall) we\b`,
    String.raw`\b(?:you|we) (?:need|have) to\b`, String.raw`\byou must\b`, String.raw`\bdeadline\b`, String.raw`\basap\b`, String.raw`\brsvp\b`,
    String.raw`\bdon'?t forget\b`, String.raw`\bremember to\b`, String.raw`\bmake sure\b`, String.raw`\baction required\b`,
    String.raw`\blet (?:me|us) know\b`, String.raw`\breply by\b`, String.raw`\bno later than\b`,
    String.raw`\b(?:by|before|until) (?:the )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|noon|eod|eow|end of (?:the )?(?:day|week|month))\b`,
    // Polish
    'proszę', 'prosimy', 'prosiłbym', 'prosiłabym', 'najpóźniej', String.raw`\bpilne\b`, 'pilnie', String.raw`\bnależy\b`,
    String.raw`\bmusisz\b`, String.raw`czy (?:możesz|mógłbyś|mogłabyś|mógłby pan|mogłaby pani|może pan|może pani|moglibyście|możemy)`,
    String.raw`daj(?:cie)? (?:mi |nam )?znać`, String.raw`\bpotwierdź`, String.raw`\bprześlij`, String.raw`\bwyślij`,
    String.raw`\bdo (?:poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|jutra|końca (?:dnia|tygodnia|miesiąca))\b`,
    // German
    String.raw`\bbitte\b`, String.raw`\b(?:könnten|können|würden) sie\b`, String.raw`\b(?:kannst|könntest|würdest) du\b`, String.raw`\bspätestens\b`,
    String.raw`\bfrist\b`, String.raw`\bbis (?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|morgen|ende)\b`, String.raw`\bgebt (?:mir )?bescheid\b`,
    // Japanese
    'ください', 'お願いします', 'お願いいたします', 'までに',
  ].join('|'),
  'iu',
));

/** An English sentence that opens with a verb telling the reader what to do. */
export const IMPERATIVE_START =
  unicodeWords(/^(?:send|confirm|sign|pay|review|reply|submit|complete|bring|call|book|approve|update|check|upload|fill in|fill out|forward|prepare|share|register|join|rsvp|note that)\b/i);

/** Shop talk that sounds like a request but only sells: "Need to return something? Visit …". */
export const NOT_A_REQUEST =
  unicodeWords(/\b(?:do not reply|don't reply|nie odpowiada\p{L}*|nicht (?:auf diese \p{L}+ )?antworten|need (?:to return|help)|questions\?|contact (?:us|our)|visit (?:our|the)|help cent(?:er|re)|customer (?:service|support)|track (?:your )?(?:order|package|parcel)|download (?:the|our) app|follow us|rate (?:your|us)|leave a review|tell us what you think|shop|browse|discover|explore|subscribe|unsubscribe|masz pytania|skontaktuj się z nami|haben sie fragen|kontaktieren sie uns)\b/iu);

/** Pleasantries that fill space without saying anything. */
export const FLUFF =
  unicodeWords(/^(?:thanks|thank you|many thanks|dzięki|dziękuję|dziękujemy|danke|vielen dank)\b[^.!?\d]{0,40}[.!]?$|(?:this|the) (?:e-?mail|message|notification) (?:was|is|has been) (?:automatically generated|generated automatically|sent automatically|sent from an unmonitored)|^(?:please )?do not reply to this|wiadomość (?:została )?wygenerowana automatycznie|diese (?:e-mail|nachricht) wurde automatisch|bitte antworten sie nicht|this is the mail system at host|for further assistance, please send mail to|you can delete your own text from the attached|please try double-checking the recipient|the response from the remote server was|if you do so, please include this problem report|^arrived-date:|^reporting-mta:|^\*\* .* \*\*$|here(?:'s| is) what(?:'s| is) new|^thanks? (?:you )?(?:so much )?for (?:your (?:order|purchase|booking|payment|reservation)|shopping)|^(?:dziękujemy|dziękuję) za (?:zamówienie|zakup|rezerwację|płatność)|^vielen dank für ihre (?:bestellung|buchung|zahlung|reservierung)|in this (?:issue|edition)|w tym (?:wydaniu|numerze)|oto co nowego|hope (?:you(?:'re| are)? (?:well|doing well|had)|this (?:e-?mail|message) finds you)|thanks? (?:you )?for (?:reading|your (?:time|attention|patience))|let me know if you have any questions|if you have any questions|feel free to (?:reach out|contact|get in touch)|don'?t hesitate to (?:reach out|contact)|looking forward to (?:hearing from you|seeing you)|have a (?:great|nice|good|lovely) (?:day|week|weekend)|mam nadzieję, że (?:wszystko|u ciebie|u pana|u pani)|w razie (?:jakichkolwiek )?pytań|służę pomocą|miłego dnia|udanego weekendu|dziękuję za (?:uwagę|przeczytanie)|ich hoffe, es geht (?:dir|ihnen|euch) gut|bei fragen (?:stehe|stehen)|melden sie sich gerne|schönes wochenende|einen schönen tag/iu);
