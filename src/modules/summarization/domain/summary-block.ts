import { plainText, singleLine, truncateAtWord, withoutInvisible } from './plain-text.js';
import type { Summary } from './summary.js';

/** The longest body written for one mail (the heading and the sender line come on top). */
export const BLOCK_MAX_CHARS = 4_000;

const LEADING_MARKER = /^(?:[•·▪◦‣●○■□*+\-–—]|\(?\d{1,2}[.)])\s+/u;

export interface SummaryBlockOptions {
  /**
   * Addresses the mail itself names as its sender or forwarder: an action item may name them. Any other
   * address in an action item makes it go (see `isUnsafeActionItem`).
   */
  knownAddresses?: readonly string[];
}

/**
 * The body of the block written into the document for one mail, as plain text:
 *
 *     <summary paragraph(s)>
 *
 *     Key points:
 *     • …
 *
 *     Action items:
 *     • …
 *
 * Empty sections are left out, every item is one line, everything goes through `plainText`, and the
 * whole is cut at a word boundary with "…" past `maxChars`. Items lose their e-mail addresses, and
 * action items that would have the reader hand over credentials, pay a new account or write to an
 * address the mail does not come from are left out (`isUnsafeActionItem`): a model can be talked into
 * writing them, and the document is where the reader trusts what they read.
 */
export function summaryBlock(summary: Summary, maxChars: number = BLOCK_MAX_CHARS, options: SummaryBlockOptions = {}): string {
  const known = new Set((options.knownAddresses ?? []).map((address) => address.trim().toLowerCase()));
  const sections = [
    plainText(summary.summary),
    section('Key points:', summary.keyPoints),
    section('Action items:', summary.actionItems.filter((item) => !isUnsafeActionItem(item, known))),
  ].filter((part) => part !== '');
  return capped(sections.join('\n\n'), maxChars);
}

/**
 * One list item: a single plain line, without e-mail addresses or the bullet or number the writer may
 * have put in front. An item that was mostly its address ("Attendees: ada@example.com", "Contact
 * ada@example.com") says nothing without it: fewer than three words left, it goes.
 */
export function listItem(text: string): string {
  let item = singleLine(text, { dropAddresses: true });
  for (let i = 0; i < 3 && LEADING_MARKER.test(item); i += 1) item = item.replace(LEADING_MARKER, '').trim();
  if (item !== '' && (item.match(/[\p{L}\p{N}]+/gu) ?? []).length < 3 && listItemWithAddresses(text) !== item) return '';
  return item;
}

function listItemWithAddresses(text: string): string {
  let item = singleLine(text);
  for (let i = 0; i < 3 && LEADING_MARKER.test(item); i += 1) item = item.replace(LEADING_MARKER, '').trim();
  return item;
}

/** Alternatives as whole words (letters and digits around them do not count as a boundary in any script). */
function words(...alternatives: string[]): string {
  return `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`;
}
const cue = (...alternatives: string[]): RegExp => new RegExp(words(...alternatives), 'iu');
const cues = (...alternatives: string[]): RegExp => new RegExp(words(...alternatives), 'giu');
/** Two cues, the first at most `ahead` words before the second, or at most `behind` words after it. */
function near(first: string, second: string, ahead: number, behind: number): RegExp {
  const gap = (words: number) => `\\s+(?:\\S+\\s+){0,${words}}`;
  return new RegExp(`${first}${gap(ahead)}${second}|${second}${gap(behind)}${first}`, 'iu');
}

// Cues in English, German, French, Spanish and Polish; stems take any ending (`\p{L}*`). Each rule
// needs two cues together, so a word alone never drops an item.

/** What logs someone in or pays with: passwords, codes, logins, card numbers. */
const CREDENTIAL = cue(
  'passwords?', 'passcodes?', 'passphrases?', 'pins?', 'pin codes?', 'logins?', 'log-?in details', 'sign-?in details', 'credentials',
  'user ?names?', 'one-time (?:pass)?codes?', 'otps?', '2fa codes?', 'mfa codes?', '(?:verification|security|access|authentication) codes?',
  'card numbers?', 'cvv', 'cvc', 'security questions?', 'social security numbers?', 'gift ?card codes?',
  'passw[oö]rt\\p{L}*', 'kennw[oö]rt\\p{L}*', 'zugangsdaten', 'anmeldedaten', 'login-?daten', 'benutzername\\p{L}*', 'geheimzahl',
  '(?:bestätigungs|sicherheits)code\\p{L}*', 'kartennummer\\p{L}*',
  'mots? de passe', 'identifiants', 'identifiant de connexion', 'codes? (?:secret|pin|de vérification|de sécurité|de confirmation|d.accès)', 'numéros? de carte',
  'contraseñas?', 'credenciales', 'claves? (?:de acceso|secreta|personal)', '(?:su|tu) clave', 'datos de acceso', 'códigos? de (?:verificación|seguridad|acceso)', 'número de (?:la )?tarjeta',
  'hasł\\p{L}*', 'dane (?:do )?logowania', 'dane dostępowe', 'kod\\p{L}* (?:weryfikacyjn|sms|pin|dostęp|autoryzac)\\p{L}*', 'numer\\p{L}* kart\\p{L}*',
);
/** Handing something over: send, reply, enter, confirm … */
const DISCLOSE = cues(
  'send(?:ing)?', 'repl(?:y|ying)', 'respond', 'provid(?:e|ing)', 'shar(?:e|ing)', 'enter(?:ing)?', 'typ(?:e|ing)', 'submit(?:ting)?', 'confirm(?:ing)?',
  'verify(?:ing)?', 'giv(?:e|ing)', 'e-?mail (?:us|me|them|it|your|the|back)', 'tell', 'forward', 'input', 'fill in', 'disclose', 'supply',
  'send\\p{L}*', 'schick\\p{L}*', 'antwort\\p{L}*', 'gib', 'geben', 'angeb\\p{L}*', 'eingeb\\p{L}*', 'mitteil\\p{L}*', 'teilen', 'bestätig\\p{L}*',
  'übermittel\\p{L}*', 'verifizier\\p{L}*', 'nenn\\p{L}*',
  'envoy\\p{L}*', 'envoi\\p{L}*', 'répond\\p{L}*', 'fourni\\p{L}*', 'communiqu\\p{L}*', 'saisi\\p{L}*', 'entr(?:er|ez|ant)', 'confirm\\p{L}*',
  'vérifi\\p{L}*', 'partag\\p{L}*', 'indiqu\\p{L}*', 'transmet\\p{L}*', 'donn(?:er|ez)',
  'env[ií]\\p{L}*', 'respond\\p{L}*', 'proporcion\\p{L}*', 'facilit\\p{L}*', 'introduc\\p{L}*', 'introduzc\\p{L}*', 'ingres\\p{L}*',
  'verific\\p{L}*', 'verifiqu\\p{L}*', 'compart\\p{L}*', 'escrib\\p{L}*',
  'wyślij\\p{L}*', 'wysła\\p{L}*', 'prześlij\\p{L}*', 'przesła\\p{L}*', 'poda(?:j|ć|jcie)', 'odpowiedz\\p{L}*', 'odpisz\\p{L}*', 'wpisz\\p{L}*',
  'wpisać', 'potwierdź\\p{L}*', 'potwierdzi\\p{L}*', 'zweryfikuj\\p{L}*', 'udostępni\\p{L}*',
);
/** A negation just before the verb ("never share your password"): advice, not a request. */
const NEGATED = new RegExp(`${words('not', 'never', "\\p{L}*n't", 'nicht', 'niemals', 'nie', 'ne', 'jamais', 'no', 'nunca', 'nigdy')}\\s+(?:\\p{L}+\\s+)?$`, 'iu');

const VERIFY_VERB = words(
  'verify', 'confirm', 'validate', 're-?confirm', 'unlock', 're-?activate', 'restore', 'unsuspend',
  'verifizier\\p{L}*', 'bestätig\\p{L}*', 'entsperr\\p{L}*', 'freischalt\\p{L}*', 'reaktivier\\p{L}*',
  'vérifi\\p{L}*', 'confirm\\p{L}*', 'valid\\p{L}*', 'débloqu\\p{L}*', 'réactiv\\p{L}*',
  'verific\\p{L}*', 'verifiqu\\p{L}*', 'desbloque\\p{L}*', 'reactiv\\p{L}*',
  'zweryfikuj\\p{L}*', 'weryfik\\p{L}*', 'potwierdź\\p{L}*', 'potwierdz\\p{L}*', 'odblokuj\\p{L}*', 'aktywuj\\p{L}*',
);
const ACCOUNT_OF_READER = words(
  'your (?:\\S+ )?(?:account|identity|mailbox|login)', 'ihr\\p{L}* (?:\\S+ )?(?:konto|identität|postfach|zugang)', 'dein\\p{L}* (?:\\S+ )?(?:konto|identität|postfach|zugang)',
  'konto', 'votre (?:\\S+ )?(?:compte|identité|messagerie|boîte)', 'ton (?:\\S+ )?(?:compte|identité)', 'su (?:\\S+ )?(?:cuenta|identidad|buzón)',
  'tu (?:\\S+ )?(?:cuenta|identidad|buzón)', '(?:swoj|twoj)\\p{L}* (?:konto|tożsamość|skrzynk\\p{L}*)', 'tożsamość',
);
/** "Verify your account", "Bestätigen Sie Ihr Konto", "Vérifiez votre compte" … */
const VERIFY_ACCOUNT = new RegExp(`${VERIFY_VERB}\\s+(?:(?:sie|vous|usted)\\s+)?${ACCOUNT_OF_READER}|${ACCOUNT_OF_READER}\\s+${VERIFY_VERB}`, 'iu');
/** What turns an account check into phishing: something to enter, or a threat. */
const ENTER_OR_THREAT = cue(
  'enter\\p{L}*', 'provid\\p{L}*', 'submit\\p{L}*', 'with your', 'using your', 'details', 'information', 'suspend\\p{L}*', 'deactivat\\p{L}*', 'lock\\p{L}*',
  'clos\\p{L}*', 'delet\\p{L}*', 'expir\\p{L}*', 'within \\d+', 'immediately', 'today', 'now',
  'eingeb\\p{L}*', 'angeb\\p{L}*', 'angaben', '\\p{L}*daten', 'gesperrt', 'sperr\\p{L}*', 'deaktivier\\p{L}*', 'gelöscht', 'lösch\\p{L}*', 'innerhalb', 'sofort', 'heute',
  'saisi\\p{L}*', 'fourni\\p{L}*', 'informations', 'coordonnées', 'suspendu\\p{L}*', 'bloqu\\p{L}*', 'désactiv\\p{L}*', 'supprim\\p{L}*', 'ferm\\p{L}*',
  'immédiatement', 'aujourd.hui',
  'introduc\\p{L}*', 'introduzc\\p{L}*', 'ingres\\p{L}*', 'proporcion\\p{L}*', 'datos', 'información', 'suspend\\p{L}*', 'bloque\\p{L}*', 'desactiv\\p{L}*',
  'elimin\\p{L}*', 'cerr\\p{L}*', 'inmediatamente', 'hoy',
  'wpisz\\p{L}*', 'poda\\p{L}*', 'dane', 'zablokow\\p{L}*', 'zawiesz\\p{L}*', 'dezaktyw\\p{L}*', 'usun\\p{L}*', 'w ciągu', 'natychmiast', 'dziś', 'dzisiaj',
);

/** Paying or moving money. */
const PAYMENT = cue(
  'pay\\p{L}*', 'wir(?:e|es|ing)', 'transfer\\p{L}*', 'remit\\p{L}*', 'deposit\\p{L}*', 'send (?:the )?(?:money|funds|payment)',
  'zahl\\p{L}*', 'bezahl\\p{L}*', 'überweis\\p{L}*', 'überwies\\p{L}*',
  'pa(?:yer|yez|iement)\\p{L}*', 'vir(?:er|ez|ement)\\p{L}*', 'régl(?:er|ez|ement)\\p{L}*', 'transf[ée]r\\p{L}*',
  'pag(?:ar|ue|o|ad)\\p{L}*', 'transfi[eé]r\\p{L}*', 'gir(?:o|ar|e)\\p{L}*', 'abon(?:ar|e)\\p{L}*',
  'zapła\\p{L}*', 'płat\\p{L}*', 'przel\\p{L}*', 'wpła\\p{L}*', 'opła\\p{L}*',
);
const NEW = words(
  'new', 'updated', 'changed', 'chang(?:e|es)', 'different', 'another', 'alternative', 'alternate', 'replacement',
  'neu\\p{L}*', 'geändert\\p{L}*', 'geänder\\p{L}*', 'aktualisiert\\p{L}*', 'änderung\\p{L}*',
  'nouve\\p{L}*', 'nouvel\\p{L}*', 'modifi\\p{L}*', 'chang\\p{L}*', 'mis à jour',
  'nuev\\p{L}*', 'distint\\p{L}*', 'actualizad\\p{L}*', 'cambi\\p{L}*',
  'now\\p{L}*', 'zmienion\\p{L}*', 'zmian\\p{L}*', 'zaktualizowan\\p{L}*',
);
const ACCOUNT = words(
  'accounts?', 'account numbers?', 'iban', 'bank details', 'banking details', 'bank account', 'beneficiar\\p{L}*', 'payee', 'sort code', 'routing number', 'swift', 'bic',
  'konto\\p{L}*', 'kontonummer', 'bankverbindung\\p{L}*', 'bankdaten', 'empfänger\\p{L}*',
  'compte\\p{L}*', 'rib', 'coordonnées bancaires', 'bénéficiaire\\p{L}*',
  'cuenta\\p{L}*', 'datos bancarios', 'beneficiari\\p{L}*',
  'rachun\\p{L}*', 'numer\\p{L}* kont\\p{L}*', 'odbiorc\\p{L}*',
);
/** "the new IBAN", "this new bank account", "the IBAN has changed", "coordonnées bancaires modifiées". */
const PAY_NEW_ACCOUNT = near(NEW, ACCOUNT, 1, 2);
/** Moving money (not paying an invoice): wire, transfer, überweisen, virement, transferencia, przelew. */
const TRANSFER = cue(
  'wir(?:e|es|ing)', 'transfer\\p{L}*', 'remit\\p{L}*', 'send (?:the )?(?:money|funds)', 'move (?:the )?funds',
  'überweis\\p{L}*', 'überwies\\p{L}*', 'vir(?:er|ez|ement)\\p{L}*', 'transf[ée]r\\p{L}*', 'transfi[eé]r\\p{L}*', 'gir(?:ar|e|o)', 'przel\\p{L}*',
);
/** A sum of money: a currency sign or code before or after a number (tried from a number's first digit only). */
const AMOUNT = /[$€£¥₹]\s?\d|(?<![\d.,'])\d[\d.,']*\s?(?:usd|eur|gbp|chf|pln|zł|zl|euros?|dollars?|pounds?|złotych|zlotych|k)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:usd|eur|gbp|chf|pln)\s?\d/iu;
const URGENT = cue(
  'today', 'immediately', 'now', 'asap', 'as soon as possible', 'urgent\\p{L}*', 'right away', 'at once', 'by end of (?:the )?day', 'before end of (?:the )?day',
  'eod', 'within (?:the |an |one )?hour', 'within \\d+ (?:hours?|minutes?)',
  'heute', 'sofort', 'umgehend', 'dringend\\p{L}*', 'unverzüglich',
  'aujourd.hui', 'immédiatement', 'tout de suite', 'sans délai', 'dès que possible',
  'hoy', 'inmediatamente', 'urgente\\p{L}*', 'cuanto antes', 'de inmediato',
  'dziś', 'dzisiaj', 'natychmiast', 'pilnie', 'niezwłocznie', 'jak najszybciej',
);
/** The addresses an item names (see plain-text.ts): a domain with a dot before a letter. */
const EMAIL_ADDRESSES = /[\p{L}\p{N}._%+'-]{1,64}[@\uFE6B\uFF20][\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]*/gu;

/**
 * Whether an action item would have the reader do what a phishing mail, or a model it talked into it,
 * asks: hand over credentials ("reply with your password", "send your login", "verify your account by
 * entering …"), pay a new account ("transfer … to the new IBAN") or wire money in a hurry ("wire $5000
 * today"), or send anything to an address that is not the mail's own (`known`). Paying an invoice
 * ("Pay invoice 2291 by 15 Dec") is none of these.
 */
export function isUnsafeActionItem(raw: string, known: ReadonlySet<string> = new Set()): boolean {
  // Read before links are removed: "Reply to mailto:ada@…" names an address too.
  const visible = withoutInvisible(raw).normalize('NFKC').replace(/[’‘`´]/g, "'");
  const addresses = visible.match(EMAIL_ADDRESSES) ?? [];
  const unknown = (address: string) => !known.has(address.replace(/[\uFE6B\uFF20]/gu, '@').replace(/^['.]+|\.+$/g, '').toLowerCase());
  if (addresses.some(unknown)) return true;
  const text = singleLine(visible).replace(/\s+/g, ' ');
  if (CREDENTIAL.test(text) && asks(text)) return true;
  if (VERIFY_ACCOUNT.test(text) && ENTER_OR_THREAT.test(text)) return true;
  if (PAYMENT.test(text) && PAY_NEW_ACCOUNT.test(text)) return true;
  return TRANSFER.test(text) && AMOUNT.test(text) && URGENT.test(text);
}

/** A verb of handing over that no negation comes just before. */
function asks(text: string): boolean {
  return [...text.matchAll(DISCLOSE)].some((match) => !NEGATED.test(text.slice(0, match.index)));
}

const HEADINGS = ['Key points:', 'Action items:'];

function section(heading: string, items: readonly string[]): string {
  const lines = items.map(listItem).filter((item) => item !== '');
  return lines.length === 0 ? '' : [heading, ...lines.map((item) => `• ${item}`)].join('\n');
}

function capped(body: string, maxChars: number): string {
  if (body.length <= maxChars) return body;
  const lines = truncateAtWord(body, maxChars).split('\n');
  // A cut right after a section heading would leave the heading alone: drop it.
  const last = (lines[lines.length - 1] ?? '').replace(/…$/, '');
  if (last !== '' && HEADINGS.some((heading) => heading.startsWith(last))) {
    lines.pop();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return `${lines.join('\n').replace(/[\s,;:.]+$/, '')}…`;
  }
  return lines.join('\n');
}
