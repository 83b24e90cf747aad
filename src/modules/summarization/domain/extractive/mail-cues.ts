/**
 * What the offline summariser recognises in a mail's lines and sentences, in English and Polish.
 * Patterns only: the decisions live in mail-cleanup.ts and extractive-summary.ts.
 */

/** "Hi Ada," / "Dzień dobry," on a line of its own. */
export const GREETING =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings|dzień dobry|dobry wieczór|cześć|czesc|witam|witajcie|hej|siema|szanown[aiey]|drog[aiey]|kochan[aiey])\b[^.!?]{0,60}[,!:]?$/i;

/** "Best regards," / "Pozdrawiam": what follows is the writer's signature. */
export const CLOSING =
  /^(?:(?:best|kind|warm|warmest|many)?\s*regards|best(?: wishes)?|all the best|cheers|sincerely|yours(?: truly| sincerely| faithfully)?|thanks(?: again| a lot| so much)?|thank you(?: very much)?|many thanks|br|kr|(?:serdecznie |ciepło |serdeczne )?pozdr(?:awiam|owienia)(?: serdecznie| ciepło)?|z (?:wyrazami )?(?:poważaniem|szacunku|wyrazami szacunku)|łączę (?:wyrazy szacunku|pozdrowienia)|dziękuję(?: bardzo)?|dzięki)[\s,.!]*$/i;

/** RFC 3676's "-- " signature separator, Outlook's line of underscores. */
export const SIGNATURE_SEPARATOR = /^(?:--|—|_{8,})\s*$/;

/** A forwarded message starts here; its headers follow, then its body, which is what the user forwarded. */
export const FORWARD_MARKER =
  /^(?:-{2,}\s*(?:forwarded message|forwarded e-?mail|wiadomość przekazana dalej|przekazana wiadomość|przesłana wiadomość)\s*-{2,}|begin forwarded message:?|-{2,}\s*forwarded by .*)$/i;

/** Reply history starts here (top-posted replies): everything below is older mail. */
export const ORIGINAL_MESSAGE_MARKER = /^-{2,}\s*(?:original message|oryginalna wiadomość|wiadomość oryginalna)\s*-{2,}$/i;

/** "On Mon, 3 Jun 2024, Ada <ada@example.com> wrote:" and its Polish forms. */
export const ATTRIBUTION = /(?:wrote|writes|napisał\(a\)|napisała|napisał|pisze|napisali):\s*$/i;
export const ATTRIBUTION_START = /^(?:on|am|le|w dniu|dnia|dn\.)\s/i;

/** A header line inside a forwarded or quoted block. */
export const HEADER_LINE =
  /^(?:from|date|sent|subject|to|cc|bcc|reply-to|od|data|wysłano|wysłane|temat|do|dw|udw|kopia|odpowiedź do)\s*:/i;

/** Lines of the "Sent from my iPhone" kind. */
export const MOBILE_SIGNATURE =
  /^(?:sent from (?:my )?(?:iphone|ipad|android|samsung|galaxy|mobile|phone|blackberry|huawei|xiaomi|outlook|mail for windows)|sent (?:with|via) \w+|get outlook for (?:ios|android)|wysłan[eo] z (?:mojego |mojej )?(?:iphone'?a|ipada|telefonu|urządzenia|smartfona|aplikacji|poczty)|wysłano z (?:mojego )?\S+)/i;

/** Newsletter and corporate furniture: dropped wherever it is. */
const BOILERPLATE_PARTS = [
  'unsubscribe', 'opt[ -]?out', 'manage (?:your )?(?:email |e-mail |subscription |notification )?(?:preferences|subscriptions?|settings)',
  'update (?:your )?(?:email |subscription )?preferences', 'email preferences',
  'view (?:this |the )?(?:e-?mail |message |newsletter )?(?:in|on) (?:your |a )?(?:web ?)?browser', 'view (?:it )?online',
  'view as (?:a )?web ?page', 'trouble (?:viewing|reading) this', 'is this email not displaying',
  'privacy (?:policy|notice|statement)', 'terms (?:of (?:service|use)|(?:and|&) conditions)', 'cookie policy',
  'copyright', '©', '\\(c\\) ?(?:19|20)\\d\\d', 'all rights reserved',
  '(?:you are|you\'re) receiving this', 'you (?:received|receive) this (?:e-?mail|message|newsletter)',
  'this (?:e-?mail|message|newsletter) was sent (?:to|by)', 'sent to .{1,80} because',
  'if you (?:no longer|don\'t|do not) (?:wish|want) to receive', 'add .{1,60} to your address book',
  'forward (?:this|it)? ?to a friend', 'follow us (?:on)?', 'connect with us', 'download (?:our|the) app',
  '(?:e-?mail|message)(?: and any (?:attachments?|files))? (?:is|are|may be|contains?|may contain) (?:strictly )?(?:confidential|privileged)',
  'received this (?:e-?mail|message) in error', 'powered by (?:mailchimp|substack|sendgrid|hubspot|beehiiv|mailerlite|getresponse|freshmail)',
  // Polish
  'wypisz się', 'wypisać się', 'wypisanie', 'rezygnacj[aięy] z (?:subskrypcji|newslettera|otrzymywania)',
  'zrezygnować z (?:subskrypcji|newslettera|otrzymywania)', 'polityk[aię] prywatności', 'regulamin',
  'wszelkie prawa zastrzeżone', 'otrzymujesz (?:tę|tą|ten|niniejszą|naszą|tę wiadomość)', 'ta wiadomość została wysłana',
  'wiadomość (?:została )?wysłana (?:do|na adres)', 'zobacz (?:wersję )?w przeglądarce', 'wersja (?:online|przeglądarkowa)',
  'jeśli (?:nie widzisz|wiadomość nie wyświetla)', 'ta wiadomość (?:jest poufna|może zawierać)', 'klauzula poufności',
  'administratorem (?:twoich |pani |pana )?danych', 'rodo', 'ustawienia powiadomień',
  '\\b(?:krs|regon|nip)\\b:? ?\\d', 'kapitał zakładowy', 'sąd rejonowy',
];
export const BOILERPLATE = new RegExp(BOILERPLATE_PARTS.join('|'), 'i');

/** Footer openers: once one appears in the last part of a mail, the rest is footer (addresses, legal). */
export const FOOTER_START =
  /unsubscribe|(?:you are|you're) receiving this|you (?:received|receive) this (?:e-?mail|message)|this (?:e-?mail|message) was sent to|all rights reserved|copyright|©|wypisz się|rezygnacj[aięy] z|otrzymujesz (?:tę|tą|ten|niniejszą)|wszelkie prawa zastrzeżone/i;

/** A call-to-action line left over from a button or a link: "Read more", "Czytaj dalej". */
export const CALL_TO_ACTION =
  /^(?:read (?:more|the full story|online)|continue reading|learn more|find out more|see (?:more|details|all)|shop now|buy now|order now|sign up(?: now| today)?|register(?: now| here)?|get started|click here|czytaj (?:dalej|więcej)|zobacz (?:więcej|szczegóły|ofertę)|dowiedz się więcej|kup teraz|zapisz się|kliknij tutaj|sprawdź)\W*$/i;

/** Gmail's plain-text stand-ins for images and links: "[image: Logo]". */
export const MEDIA_PLACEHOLDER = /^\[(?:image|img|cid|logo|obraz|grafika)\b[^\]]*\]$/i;

/** A list item: "- x", "* x", "• x", "1. x", "2) x". */
export const LIST_ITEM = /^\s*(?:[-*•·▪◦‣●]|\d{1,2}[.)])\s+(?=\S)/u;

/** Something the reader has to do, or a deadline. */
export const ACTION_CUE = new RegExp(
  [
    '\\bplease\\b', '\\bpls\\b', '\\b(?:can|could|shall) we\\b', 'czy (?:możemy|moglibyśmy|mogłybyśmy)', '\\bkindly\\b', '\\bcould you\\b', '\\bcan you\\b', '\\bwould you\\b', '\\bneed(?:s)? (?:you )?to\\b',
    '\\bmust(?=\\s)', '\\bdeadline\\b', '\\bdue (?:on|by|in|date|today|tomorrow|next|this|\\d)', '\\basap\\b', '\\brsvp\\b', "\\bdon'?t forget\\b", '\\bremember to\\b',
    '\\bmake sure\\b', '\\baction required\\b', '\\blet (?:me|us) know by\\b', '\\breply by\\b', '\\bconfirm\\b',
    '\\b(?:by|before|until|no later than) (?:the )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|noon|eod|eow|end of (?:the )?(?:day|week|month)|\\d{1,2}(?:st|nd|rd|th)?\\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)',
    // Polish
    'proszę', 'prosimy', 'prosiłbym', 'prosiłabym', 'uprzejmie prosz', '\\btermin', 'najpóźniej', '\\bpilne\\b', 'pilnie',
    '\\bnależy\\b', '\\btrzeba\\b', '\\bmusimy\\b', '\\bmusisz\\b', '\\bmusi\\b', 'czy mógłby', 'czy mogłaby', 'czy moglibyście',
    'czy możesz', 'czy może pan', 'czy może pani', 'daj(?:cie)? znać', 'potwierd[zź]', 'prześlij', 'wyślij',
    '\\bdo (?:poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|jutra|końca (?:dnia|tygodnia|miesiąca)|dnia \\d|\\d{1,2}[. ])',
  ].join('|'),
  'iu',
);

/** Pleasantries that fill space without saying anything. */
export const FLUFF =
  /here(?:'s| is) what(?:'s| is) new|in this (?:issue|edition)|w tym (?:wydaniu|numerze)|oto co nowego|hope (?:you(?:'re| are)? (?:well|doing well)|this (?:e-?mail|message) finds you)|thanks? (?:you )?for (?:reading|your (?:time|attention))|let me know if you have any questions|feel free to (?:reach out|contact|get in touch)|don'?t hesitate to (?:reach out|contact)|looking forward to hearing from you|have a (?:great|nice|good) (?:day|week|weekend)|mam nadzieję, że (?:wszystko|u ciebie|u pana|u pani)|w razie pytań|w razie jakichkolwiek pytań|służę pomocą|miłego dnia|udanego weekendu|dziękuję za (?:uwagę|przeczytanie)/i;

/** Text addressed to an AI model rather than to the reader: never part of a summary. */
export const INJECTION_CUE =
  /\b(?:ignore|disregard|forget|override)\b.{0,30}\b(?:instructions?|prompts?|rules|guidelines|messages?|context)\b|^\W*(?:system|assistant|developer|admin(?:istrator)?)\s*(?:message|prompt)?\s*:|\b(?:ai|llm|gpt|chatgpt|claude|gemini|copilot)(?:\s+(?:assistant|model|agent|bot|summari[sz]er))?\s*:|\byou are now\b|\bnew instructions?\b|\bas an ai\b|\b(?:dear|attention|note to(?: the)?|hey|to the)\s+(?:ai|assistant|model|llm|gpt|chatgpt|summari[sz]er|bot)\b|\bif you are an? (?:ai|llm|language model|assistant|bot)\b|\b(?:zignoruj|pomiń|zapomnij)\b.{0,30}\b(?:instrukcj|polece|zasad)|\bjesteś teraz\b|<\|im_(?:start|end)\|>|\[\/?INST\]/i;
