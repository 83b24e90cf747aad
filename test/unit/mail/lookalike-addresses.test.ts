import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addressDisplay, parseAddressText, safeDisplayName, type Idna } from '../../../src/modules/mail/domain/mail-address.js';
import { normaliseMailText, oneLineText } from '../../../src/modules/mail/domain/mail-text.js';
import { formatSender } from '../../../src/modules/mail/domain/structured-mail.js';
import { presentReceivedMail } from '../../../src/modules/mail/http/received-mails.presenter.js';
import type { ReceivedMailView } from '../../../src/modules/mail/application/received-mails.use-case.js';
import { DEFAULT_MAX_TEXT_CHARS, parseMime } from '../../../src/modules/mail/infra/parsing/parse-mime.js';

const IDNA: Idna = { toAscii: domainToASCII, toUnicode: domainToUnicode };
/** `ada@example.com` with a Cyrillic а (U+0430) in the domain. */
const HOMOGLYPH = 'ada@ex\u0430mple.com';

describe('bidi, zero-width and other format characters', () => {
  it('are removed from one-line header values: subjects and names', () => {
    // RLO makes "invoice\u202Efdp.exe" read "invoiceexe.pdf".
    expect(oneLineText('Invoice \u202Efdp.exe')).toBe('Invoice fdp.exe');
    expect(oneLineText('\u2066Pay\u2069 \u200Enow\u200F \u061Ctoday\u202A\u202B\u202C\u202D')).toBe('Pay now today');
    expect(oneLineText('Zero\u200Bwidth\u200C\u200D\u2060 join\uFEFF\u00AD')).toBe('Zerowidth join');
    // Tag characters ("ASCII smuggling") and Hangul fillers hide text too.
    expect(oneLineText('Hi\u{E0041}\u{E0042} there\u3164')).toBe('Hi there');
    expect(oneLineText('Team 👩‍💻 update')).toBe('Team 👩💻 update');
    expect(oneLineText('Straße, Zürich, 東京, مرحبا')).toBe('Straße, Zürich, 東京, مرحبا');
  });

  it('are removed from bodies too, where a forward quotes the original subject and sender', () => {
    expect(normaliseMailText('Subject: Invoice \u202Efdp.exe\nFrom: Ada\u200F <ada@example.com>')).toBe('Subject: Invoice fdp.exe\nFrom: Ada <ada@example.com>');
  });
});

describe('display names', () => {
  it('keep an ordinary name, cleaned to one line', () => {
    expect(safeDisplayName('  Ada \u202ELovelace\u200B ', 'ada@example.com')).toBe('Ada Lovelace');
    expect(safeDisplayName('Zoë Müller-Łukasiewicz (Finance)', 'zoe@example.com')).toBe('Zoë Müller-Łukasiewicz (Finance)');
    expect(safeDisplayName('Tom from accounting', 'tom@example.com')).toBe('Tom from accounting');
  });

  it('are dropped when they hold an address, a header name or angle brackets', () => {
    for (const name of [
      'From: ceo@evil.example <script>',
      'ceo@evil.example',
      'CEO (ceo\uFF20evil.example)',
      'Reply-To: attacker',
      'Sender: The Bank',
      'to: finance',
      'Bank \uFF1CSupport\uFF1E',
      'Ada <b>',
      'From\u200B: the CEO',
      'Ada\uFF1A from: x',
    ]) {
      expect(safeDisplayName(name, 'ada@example.com'), name).toBe('');
    }
    expect(safeDisplayName('ADA@example.com', 'ada@example.com')).toBe('');
  });

  it('are never written into the sender line, whoever read them', () => {
    expect(formatSender({ address: 'ada@example.com', name: 'From: ceo@evil.example <script>' })).toBe('ada@example.com');
    expect(formatSender({ address: 'ada@example.com', name: 'Ada \u202ELovelace' })).toBe('Ada Lovelace <ada@example.com>');
    expect(parseAddressText('"From: ceo@evil.example" <ada@example.com>')).toEqual({ address: 'ada@example.com', name: '' });
    expect(parseAddressText('Ada Lovelace <ada@example.com>')).toEqual({ address: 'ada@example.com', name: 'Ada Lovelace' });
  });

  it('are dropped by the parser, and the subject loses its bidi and zero-width characters', async () => {
    const raw = [
      'From: "From: ceo@evil.example <script>" <ada@example.com>',
      'To: doc@in.example.com',
      'Subject: =?UTF-8?Q?Invoice_=E2=80=AEfdp.exe_=E2=80=8Bnow?=',
      'Date: Tue, 4 Mar 2025 09:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello.',
      '',
    ].join('\r\n');
    const mail = await parseMime(Buffer.from(raw), { maxTextChars: DEFAULT_MAX_TEXT_CHARS });
    expect(mail.from).toEqual({ address: 'ada@example.com', name: '' });
    expect(mail.structured.sender).toEqual({ address: 'ada@example.com', name: '' });
    expect(mail.structured.subject).toBe('Invoice fdp.exe now');
  });
});

describe('look-alike addresses', () => {
  it('shows an ASCII address as it is', () => {
    expect(addressDisplay('bob@example.com', IDNA)).toEqual({ ascii: 'bob@example.com', lookalike: false, looksLike: null });
    expect(addressDisplay('bob@xn--exmple-4nf.com', IDNA)).toEqual({ ascii: 'bob@xn--exmple-4nf.com', lookalike: false, looksLike: null });
  });

  it('shows a homoglyph domain in punycode, and the address it passes for', () => {
    expect(addressDisplay(HOMOGLYPH, IDNA)).toEqual({ ascii: 'ada@xn--exmple-4nf.com', lookalike: true, looksLike: 'ada@example.com' });
    // Every letter Cyrillic: "аррӏе.com".
    expect(addressDisplay('billing@\u0430\u0440\u0440\u04CF\u0435.com', IDNA)).toEqual({ ascii: 'billing@xn--80ak6aa92e.com', lookalike: true, looksLike: 'billing@apple.com' });
    // Greek omicron in a subdomain: only that label is encoded.
    expect(addressDisplay('it@mail.g\u03BFogle.com', IDNA)).toMatchObject({ ascii: `it@mail.${domainToASCII('g\u03BFogle')}.com`, looksLike: 'it@mail.google.com' });
  });

  it('marks the non-ASCII characters of a local part by their code points', () => {
    expect(addressDisplay('\u0430da@example.com', IDNA)).toEqual({ ascii: '[U+0430]da@example.com', lookalike: true, looksLike: 'ada@example.com' });
    expect(addressDisplay('ada\u200B@example.com', IDNA)).toEqual({ ascii: 'ada[U+200B]@example.com', lookalike: true, looksLike: 'ada@example.com' });
  });

  it('never shows a domain IDNA would map to a plain one as that plain domain', () => {
    // A zero-width space and full-width letters: domainToASCII answers "example.com" for both.
    expect(domainToASCII('exa\u200Bmple.com')).toBe('example.com');
    expect(addressDisplay('ada@exa\u200Bmple.com', IDNA)).toEqual({ ascii: 'ada@exa[U+200B]mple.com', lookalike: true, looksLike: 'ada@example.com' });
    expect(addressDisplay('ada@\uFF45xample.com', IDNA)).toEqual({ ascii: 'ada@[U+FF45]xample.com', lookalike: true, looksLike: 'ada@example.com' });
    // A bidi override IDNA refuses.
    expect(addressDisplay('ada@exa\u202Emple.com', IDNA).ascii).toBe('ada@exa[U+202E]mple.com');
  });

  it('flags an internationalised address without claiming a resemblance it does not have', () => {
    expect(addressDisplay('jürgen@müller.example', IDNA)).toEqual({ ascii: 'j[U+00FC]rgen@xn--mller-kva.example', lookalike: true, looksLike: 'jurgen@muller.example' });
    expect(addressDisplay('info@東京.example', IDNA)).toEqual({ ascii: `info@${domainToASCII('東京')}.example`, lookalike: true, looksLike: null });
  });
});

describe('the allow action as the API presents it', () => {
  const row = (sender: string): ReceivedMailView => ({
    id: 'mail-1',
    sourceMail: sender,
    subject: 'Invoice',
    attachments: 0,
    usedTokens: 0,
    receivedAt: new Date('2026-11-21T10:15:00.000Z'),
    status: 'ignored',
    reason: `Sender ${sender} is not on this document's allow-list.`,
    authentication: null,
    refusal: { reason: 'not-on-list', sender },
    hasContent: true,
    action: { kind: 'allow-sender', sender },
  });

  it('names the sender as received (what the allow-list stores) and in ASCII, flagged', () => {
    expect(presentReceivedMail(row(HOMOGLYPH)).action).toEqual({
      kind: 'allow-sender',
      sender: HOMOGLYPH,
      senderAscii: 'ada@xn--exmple-4nf.com',
      lookalike: true,
      looksLike: 'ada@example.com',
    });
    expect(presentReceivedMail(row('bob@example.com')).action).toEqual({
      kind: 'allow-sender',
      sender: 'bob@example.com',
      senderAscii: 'bob@example.com',
      lookalike: false,
      looksLike: null,
    });
  });
});
