/**
 * Secrets a mail may carry that must never reach a document or a model: one-time, verification and
 * reset codes, passwords and PINs, full card numbers, and account numbers in security notices. Each is
 * replaced by a short neutral phrase that still reads inside its sentence ("enter the one-time code
 * 482913" → "enter the one-time code (not copied)").
 *
 * A code is only ever recognised by the words around it, never by its shape alone: invoice and order
 * numbers, amounts, dates, phone numbers, booking references, postal codes and promo codes look just
 * like codes, and losing one of them is worse than it looks. Patterns are for one line at a time, with
 * bounded gaps, so none can backtrack badly.
 */
export type SecretKind = 'one-time code' | 'verification code' | 'reset code' | 'password' | 'card number' | 'account number';

export interface RedactedText {
  text: string;
  /** Each kind of secret replaced, in the order first met; empty when the text held none. */
  redacted: SecretKind[];
}

/** Words that name a secret, by kind. `PIN` and `TAN` count only capitalised ("pin it", "tan"). */
const KEYWORDS: readonly (readonly [SecretKind, string])[] = [
  ['one-time code', String.raw`one[- ]?time (?:pass(?:code|word)|code|pin|key)|otp|2fa(?: code)?|two[- ](?:factor|step)(?: authentication| verification)? code|(?:log[- ]?in|sign[- ]?in|access) code|passcode|einmal(?:code|passwort|kennwort|-?pin)|anmeldecode|code à usage unique|mot de passe à usage unique|code de connexion|código de (?:un solo uso|acceso|inicio de sesión)|contraseña de un solo uso|(?:kod|hasło) jednorazow[ey]|jednorazow[ye] (?:kod|hasło)|kod (?:sms|logowania)|ワンタイム(?:パスワード|コード)|ログインコード|TAN`],
  ['reset code', String.raw`(?:password )?reset code|recovery code|backup codes?|rücksetzcode|wiederherstellungscode|code de (?:réinitialisation|récupération)|código de (?:restablecimiento|recuperación)|kod (?:resetujący|resetowania|odzyskiwania)|リセットコード`],
  ['verification code', String.raw`verification code|security code|authentication code|authori[sz]ation code|cvv2?|cvc2?|bestätigungscode|verifizierungscode|sicherheitscode|authentifizierungscode|code de (?:vérification|sécurité)|código de (?:verificación|seguridad)|kod (?:weryfikacyjny|bezpieczeństwa|autoryzacyjny|autoryzacji)|認証コード|確認コード|セキュリティコード|認証番号`],
  ['password', String.raw`(?:temporary |new |initial )?password|passwort|kennwort|mot de passe|contraseña|clave (?:temporal|provisional|de acceso)|hasło|パスワード|暗証番号|PIN(?:-Code)?|code PIN|kod PIN|Geheimzahl`],
];
/** A bare "code" names a secret only beside a sign-in cue (below), and is then followed by digits only. */
const GENERIC = String.raw`confirmation code|code de confirmation|código de confirmación|kod potwierdzając[ya]|kod potwierdzenia|code|código|codigo|kod`;
/** Codes that are not secrets, whatever is said around them. */
const NOT_SECRET =
  /(?:postal|zip|post|promo(?:tional)?|discount|coupon|voucher|gift|referral|error|status|response|exit|source|country|area|dial(?:ling)?|bar|qr|product|tax|sort|swift|bic|airport|booking|reservation|meeting|event)\s$|^\s(?:postal|promo|d'erreur|de (?:error|descuento|promoción)|promocional|pocztowy|rabatowy|błędu|promocyjny)/i;
/** The mail is about signing in or proving who one is. */
const SIGN_IN_CUE =
  /sign(?:ed)?[- ]?in|log(?:ged)?[- ]?in|verif|authenticat|confirm your (?:account|e-?mail|identity|phone|number|sign)|expires? in|valid for (?:the next )?\d+ ?min|(?:do not|don'?t|never) (?:share|give|tell|forward)|two[- ](?:step|factor)|2fa|password|anmeld|gültig für|minuten gültig|läuft in|nicht weiter|connexion|connecter|vérifi|expire dans|valable (?:pendant )?\d+ ?min|ne (?:le )?(?:partagez|communiquez)|sesión|verific|caduca|no (?:lo )?compart|válido (?:durante|por) \d+ ?min|zaloguj|logowan|weryfik|potwierdź|wygaśnie|ważny (?:przez )?\d+ ?min|nie udostępniaj|nie przekazuj|ログイン|有効期限|分間有効|共有しないで|他人に教え/i;
/** An account number in a line that asks for payment is the payee's: the reader needs it. */
const PAYMENT_CUE =
  /pay|zahl|überweis|rechnung|invoice|bill|virement|paiement|régl|factur|pago|pagar|transfer|przelew|faktur|wpłat|płatn|振込|支払|beneficiar|empfänger|bankverbindung|bank details|coordonnées bancaires|datos bancarios|refund|erstattung|rembourse|reembols|zwrot/i;

/**
 * A keyword is a whole word: no letter or digit may touch it ("req_id=2fa8a023" holds no "2FA"). A
 * Japanese keyword may touch its value ("認証コード482913").
 */
const LATIN = String.raw`A-Za-zÀ-ž0-9_`;
const keywordSource = (source: string): string => String.raw`(?<![${LATIN}])(?:${source})(?:(?<=[${LATIN}])(?![${LATIN}])|(?<![${LATIN}]))`;
const STRONG = KEYWORDS.map(([kind, source]) => ({ kind, pattern: new RegExp(keywordSource(source), 'giu') }));
const GENERIC_PATTERN = new RegExp(keywordSource(GENERIC), 'giu');
const ANY_KEYWORD = new RegExp([...KEYWORDS.map(([, source]) => source), GENERIC].map(keywordSource).join('|'), 'iu');

/**
 * A value after its keyword (or after the bracket closing "(CVV)"): a colon or a verb ("is", "lautet",
 * "est", "to", "は") may come first, then an opening quote; the value is a group of digits ("482 913")
 * or one token.
 */
const LINK_AND_VALUE =
  /^[)\]]?(\s*[:：=]|\s+(?:is|was|ist|lautet|est|es|to|jest|wynosi|brzmi)(?:\s*[:：])?|\s*は)?\s*["'„“«「『]?((?:[A-Z]{1,2}-)?\d{2,5}(?:[ -]\d{2,5}){1,3}#?(?![\d\p{L}])|[^\s"'”“»」』<>()[\]、。「」（）：\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{3,64})/u;
/** Up to this many words may stand between a keyword and its verb ("code for Acme is …"). */
const MAX_GAP_WORDS = 3;
/** Words about where a code was sent ("sent to", "number"): a phone number follows, never a code. */
const SENT_TO = /^(?:sent|send|gesendet|envoyé|enviado|wysłan\p{L}*|to|an|à|na|phone|number|nummer|numéro|número|numer|tel|telefon\p{L}*)$/iu;

/** "Use 482913 to sign in", "Geben Sie 482913 ein, um sich anzumelden". */
const USE_CODE =
  /(?<![\p{L}])(?:use|enter|type|utilisez|saisissez|entrez|usa|utiliza|introduce|ingresa|verwenden sie|nutzen sie|geben sie|użyj|wpisz|wprowadź)\s+((?:[A-Z]{1,2}-)?\d{4,10})(?![\p{L}\p{N}])/giu;
const DIGIT_CODE = /^(?:[A-Z]{1,2}-)?\d{2,10}(?:[ -]\d{2,5}){0,3}#?$/;
const ALNUM_CODE = /^[A-Za-z0-9]{2,12}(?:-[A-Za-z0-9]{2,12}){0,3}$/;

interface Found {
  start: number;
  end: number;
  kind: SecretKind;
  phrase: string;
}

export function redactSecrets(text: string): RedactedText {
  const lines = text.split('\n');
  const kinds = new Set<SecretKind>();
  const out = lines.map((line, index) => {
    if (!/[\p{N}\p{L}]/u.test(line)) return line;
    const window = lines.slice(Math.max(0, index - 2), index + 3).join('\n');
    const found = [...cardsIn(line), ...accountsIn(line), ...codesIn(line, SIGN_IN_CUE.test(window))];
    const standalone = found.length === 0 ? standaloneCode(lines, index) : null;
    if (standalone) {
      kinds.add(standalone);
      return line.replace(line.trim(), `[${standalone} not copied]`);
    }
    return applied(line, found, kinds);
  });
  return { text: out.join('\n'), redacted: [...kinds] };
}

/** Replaces the found secrets, the earliest (and then longest) first where they overlap. */
function applied(line: string, found: Found[], kinds: Set<SecretKind>): string {
  if (found.length === 0) return line;
  let result = '';
  let at = 0;
  for (const secret of found.sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (secret.start < at) continue;
    result += line.slice(at, secret.start) + secret.phrase;
    at = secret.end;
    kinds.add(secret.kind);
  }
  return result + line.slice(at);
}

/**
 * "482913" (or "G-482 913", "Xk9#pq2!") alone on its line, right below a line that names a secret: the
 * nearest line above with text, within three lines.
 */
function standaloneCode(lines: readonly string[], index: number): SecretKind | null {
  const value = (lines[index] ?? '').trim();
  if (value.length > 64 || (/\s/.test(value) && !DIGIT_CODE.test(value))) return null;
  for (let above = index - 1; above >= 0 && above >= index - 3; above -= 1) {
    const line = (lines[above] ?? '').trim();
    if (line === '') continue;
    if (line.length > 160) return null;
    const strong = STRONG.find(({ pattern }) => matchesIn(pattern, line).length > 0);
    if (strong) return isSecretValue(value, strong.kind, false) ? strong.kind : null;
    const window = lines.slice(Math.max(0, index - 3), index + 3).join('\n');
    const generic = matchesIn(GENERIC_PATTERN, line).length > 0 && SIGN_IN_CUE.test(window);
    return generic && isSecretValue(value, 'one-time code', true) ? 'one-time code' : null;
  }
  return null;
}

/** Codes and passwords named by a keyword before them, or by one after them ("482913 is your code"). */
function codesIn(line: string, signInNearby: boolean): Found[] {
  const found: Found[] = [];
  // "Use 482913 to verify your account": a code handed to the reader for signing in.
  if (signInNearby) {
    for (const match of line.matchAll(USE_CODE)) {
      const end = match.index + match[0].length;
      if (SIGN_IN_CUE.test(line.slice(end, end + 80))) found.push({ start: end - (match[1] ?? '').length, end, kind: 'one-time code', phrase: '[code not copied]' });
    }
  }
  if (!ANY_KEYWORD.test(line)) return found;
  for (const { kind, pattern } of STRONG) {
    for (const match of matchesIn(pattern, line)) {
      const value = valueAfter(line, match.index + match[0].length, kind, false);
      if (value) found.push(value);
    }
  }
  if (signInNearby) {
    for (const match of matchesIn(GENERIC_PATTERN, line)) {
      const end = match.index + match[0].length;
      if (NOT_SECRET.test(line.slice(Math.max(0, match.index - 16), match.index)) || NOT_SECRET.test(line.slice(end, end + 16))) continue;
      const value = valueAfter(line, end, /confirm|potwierdz/i.test(match[0]) ? 'verification code' : 'one-time code', true);
      if (value) found.push(value);
    }
  }
  for (const match of line.matchAll(/(?<![\p{L}\p{N}+-])((?:[A-Z]{1,2}-)?\d{4,10})\s+(?:is|ist|est|es|to|jest)\s+/gu)) {
    let rest = line.slice(match.index + match[0].length, match.index + match[0].length + 80);
    // "… is your Google verification code": the keyword within a few words.
    for (let words = 0; words <= MAX_GAP_WORDS; words += 1) {
      const kind = keywordKindAt(rest, signInNearby);
      if (kind) {
        found.push({ start: match.index, end: match.index + (match[1] ?? '').length, kind, phrase: '[code not copied]' });
        break;
      }
      const word = /^[\p{L}'’-]{1,20}\s+/u.exec(rest);
      if (!word) break;
      rest = rest.slice(word[0].length);
    }
  }
  return found;
}

/** The kind of the secret named at the very start of `text`, if one is. */
function keywordKindAt(text: string, signInNearby: boolean): SecretKind | null {
  for (const { kind, pattern } of STRONG) if (matchesIn(pattern, text).some((match) => match.index === 0)) return kind;
  return signInNearby && matchesIn(GENERIC_PATTERN, text).some((match) => match.index === 0) ? 'one-time code' : null;
}

/** The value a keyword ending at `from` introduces, when it has the shape of its kind of secret. */
function valueAfter(line: string, from: number, kind: SecretKind, digitsOnly: boolean): Found | null {
  let at = from;
  for (let words = 0; words <= MAX_GAP_WORDS; words += 1) {
    const rest = line.slice(at, at + 100);
    const tail = LINK_AND_VALUE.exec(rest);
    // Words between the keyword and its value need a verb or a colon: "code for Acme is 482913".
    if (tail && (words === 0 || tail[1] !== undefined)) {
      const raw = tail[2] ?? '';
      const value = raw.replace(/[.,;:]+$/, '');
      const start = at + tail[0].length - raw.length;
      if (isSecretValue(value, kind, digitsOnly)) return { start, end: start + value.length, kind, phrase: '(not copied)' };
    }
    const word = /^[ \t]+([\p{L}\p{M}'’.-]{1,20})(?=[\s:：])/u.exec(rest);
    if (!word || SENT_TO.test(word[1] ?? '')) return null;
    at += word[0].length;
  }
  return null;
}

function isSecretValue(value: string, kind: SecretKind, digitsOnly: boolean): boolean {
  const digits = value.replace(/\D/g, '').length;
  const digitCode = DIGIT_CODE.test(value) && digits >= 3 && digits <= 12;
  if (digitsOnly) return digitCode && digits >= 4 && digits <= 8 && !/[A-Z]/.test(value);
  if (digitCode) return digits >= (kind === 'verification code' || kind === 'password' ? 3 : 4);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // A keyword that names a secret may be followed by any secret-like token ("one-time password is Xk9#pq2!").
  return (ALNUM_CODE.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value) && value.length >= 4) || isPasswordLike(value);
}

/**
 * A password, not a word: "Xk9#pq2!", "Welcome2025" or "kXpqAb" (a digit, a capital inside, or a
 * symbol inside), never "expired", "Changed!", "self-service", "********" or a link.
 */
function isPasswordLike(value: string): boolean {
  if (value.length < 4 || /:\/\/|^www\.|^[^@\s]+@[^@\s]+\.\p{L}{2,}$/u.test(value) || !/[\p{L}\p{N}]/u.test(value)) return false;
  if (/^[*•xX]+$/.test(value)) return false;
  return /\d/.test(value) || /.\p{Lu}/u.test(value) || /[^\p{L}\p{N}'’-](?!$)/u.test(value);
}

/**
 * Full card numbers: 14 to 19 digits grouped as cards print them (4-4-4-4, 4-4-4-4-3, 4-6-5, 4-6-4) or
 * 16 in a row (15 for Amex), with a card network's first digit, Luhn-valid. 13-digit and other runs are
 * left alone: EAN barcodes, IMEIs and tracking numbers are written that way and pass Luhn as often.
 */
function cardsIn(line: string): Found[] {
  const found: Found[] = [];
  for (const match of line.matchAll(/(?<![\d+]|\d[ -])\d(?:[ -]?\d){12,18}(?![\d]|[ -]\d)/g)) {
    const digits = match[0].replace(/\D/g, '');
    const groups = match[0].split(/[ -]/).map((group) => group.length).join('-');
    const grouped = /^(?:4-4-4-4|4-4-4-4-3|4-6-5|4-6-4)$/.test(groups) && !/ .*-|-.* /.test(match[0]);
    const contiguous = groups === '16' || (groups === '15' && /^3[47]/.test(digits));
    if ((grouped || contiguous) && /^(?:[2-6])/.test(digits) && luhn(digits)) {
      found.push({ start: match.index, end: match.index + match[0].length, kind: 'card number', phrase: '[card number not copied]' });
    }
  }
  return found;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An IBAN, printed in groups of four or not, or a Polish 26-digit account number (2 + 6 × 4). */
const ACCOUNT = /(?<![\p{L}\p{N}])(?:[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?|\d{2}(?: ?\d{4}){6})(?![\p{L}\p{N}])/gu;

/**
 * IBANs (and Polish 26-digit account numbers, which are IBANs without their "PL") with a valid
 * checksum. The rule: an invoice or payment request prints the payee's account for the reader to pay
 * into, so an account number stays; it goes only on a line about the reader's own sign-in or
 * security ("your password for account …", "suspicious sign-in"), and never when that same line
 * speaks of paying.
 */
function accountsIn(line: string): Found[] {
  const accounts = [...line.matchAll(ACCOUNT)].filter((match) => {
    const compact = match[0].replace(/ /g, '');
    return ibanValid(/^\d/.test(compact) ? `PL${compact}` : compact);
  });
  if (accounts.length === 0 || PAYMENT_CUE.test(line)) return [];
  if (!SIGN_IN_CUE.test(line) && !STRONG.some(({ pattern }) => matchesIn(pattern, line).length > 0)) return [];
  return accounts.map((match) => ({ start: match.index, end: match.index + match[0].length, kind: 'account number', phrase: '[account number not copied]' }));
}


function ibanValid(iban: string): boolean {
  if (iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Matches of a global keyword pattern; `PIN` and `TAN` only capitalised ("pin it", "a tan"). */
function matchesIn(pattern: RegExp, text: string): RegExpExecArray[] {
  return [...text.matchAll(pattern)].filter((match) => !/^(?:pin|tan)(?:-code)?$/i.test(match[0]) || /^(?:P[Ii][Nn]|TAN)/.test(match[0]));
}
