import { describe, expect, it } from 'vitest';
import { MailParseError } from '../../../../src/modules/mail/application/ports/mail-parser.port.js';
import { DEFAULT_MAX_TEXT_CHARS, MAX_MIME_PARTS, parseMime } from '../../../../src/modules/mail/infra/parsing/parse-mime.js';
import { compose } from '../../../support/mime-samples.js';

const parse = (raw: Buffer | string) => parseMime(Buffer.isBuffer(raw) ? raw : Buffer.from(raw.replace(/\r?\n/g, '\r\n')), { maxTextChars: DEFAULT_MAX_TEXT_CHARS });

const BOUNCE = `From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.net>
To: bob@example.com
Subject: Undelivered Mail Returned to Sender
Date: Tue, 4 Mar 2025 09:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="b1"

--b1
Content-Type: text/plain

This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--b1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
Arrival-Date: Tue, 4 Mar 2025 08:59:58 +0000

Final-Recipient: rfc822; nobody@nowhere.example
Original-Recipient: rfc822;nobody@nowhere.example
Action: failed
Status: 5.1.1
Remote-MTA: dns; mail.nowhere.example
Diagnostic-Code: smtp; 550 5.1.1 <nobody@nowhere.example>: Recipient address
    rejected: User unknown in virtual mailbox table

--b1
Content-Type: message/rfc822

From: Bob <bob@example.com>
To: nobody@nowhere.example
Subject: Hello there

Hi, are we still on for Friday?
--b1--
`;

const INVITATION = `From: Jane Doe <jane@acme.example>
To: bob@example.com
Subject: Invitation: Budget review @ Mon 10 Mar 2025 14:30 - 15:00 (CET) (bob@example.com)
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="m"

--m
Content-Type: multipart/alternative; boundary="a"

--a
Content-Type: text/plain; charset=UTF-8

You have been invited to the following event.

Budget review
Monday 10 Mar 2025 ⋅ 14:30 – 15:00 (Central European Time)

Join with Google Meet
meet.google.com/abc-defg-hij

View all guest info https://calendar.google.com/calendar/event?action=VIEW

Reply for bob@example.com
Yes No Maybe More options https://calendar.google.com/calendar/event?action=RESPOND

Invitation from Google Calendar

You are receiving this email because you are an attendee on the event.

Forwarding this invitation could allow any recipient to send a response to the organizer.
--a
Content-Type: text/calendar; charset=UTF-8; method=REQUEST

BEGIN:VCALENDAR
METHOD:REQUEST
BEGIN:VEVENT
DTSTART;TZID=Europe/Warsaw:20250310T143000
DTEND;TZID=Europe/Warsaw:20250310T150000
ORGANIZER;CN=Jane Doe:mailto:jane@acme.example
SUMMARY:Budget review
LOCATION:Room 4.12\\, Main office
STATUS:CONFIRMED
END:VEVENT
END:VCALENDAR
--a--
--m--
`;

describe('parseMime: the structured mail', () => {
  it('reads a delivery failure as a bounce from the reporting system, about its recipient, not the returned message', async () => {
    const mail = await parse(BOUNCE);
    expect(mail.structured).toMatchObject({ kind: 'bounce', subject: 'Undelivered Mail Returned to Sender', sender: { address: 'mailer-daemon@mx.example.net' }, forwardedBy: null });
    expect(mail.structured.body).toContain('Recipient: nobody@nowhere.example');
    expect(mail.structured.body).toContain('Status: failed 5.1.1');
    expect(mail.structured.body).toContain('Reason: 550 5.1.1 <nobody@nowhere.example>: Recipient address rejected: User unknown in virtual mailbox table');
    expect(mail.structured.body).not.toMatch(/Reporting-MTA|Action: failed|Final-Recipient/);
    expect(mail.structured.body).not.toContain('are we still on for Friday');
  });

  it('reads an invitation from its calendar part: what, when, where and who', async () => {
    const mail = await parse(INVITATION);
    expect(mail.structured.kind).toBe('invitation');
    expect(mail.structured.body).toContain('Event: Budget review\nWhen: 10 Mar 2025 14:30–15:00 (Europe/Warsaw)\nWhere: Room 4.12, Main office\nOrganizer: Jane Doe <jane@acme.example>');
  });

  it('decodes undeclared 8-bit headers and bodies by detection instead of showing replacement characters', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('From: =?utf-8?Q?Jos=C3=A9?= <jose@example.com>\r\nTo: a@example.com\r\nSubject: Caf', 'latin1'),
      Buffer.from('é réunion à 10h, déjà prévue\r\n\r\nLe café est prêt. La réunion de l’équipe est déplacée à jeudi, salle numéro 3.\r\n', 'latin1'),
    ]);
    const mail = await parse(latin1);
    expect(mail.subject).toBe('Café réunion à 10h, déjà prévue');
    expect(mail.structured.body).toContain('Le café est prêt.');
    expect(`${mail.subject}${mail.structured.body}`).not.toContain('\uFFFD');
    const cp1250 = Buffer.concat([Buffer.from('From: jan@example.pl\r\nSubject: Faktura\r\n\r\n'), Buffer.from(new TextEncoder().encode('x')), Buffer.from([0x5a, 0x61, 0xbf, 0xf3, 0xb3, 0xe6, 0x20, 0x67, 0xea, 0x9c, 0x6c, 0xb9, 0x20, 0x6a, 0x61, 0x9f, 0xf1, 0x2e, 0x0d, 0x0a])]);
    expect((await parse(cp1250)).structured.body).not.toContain('\uFFFD');
  });

  it('removes a NUL from an encoded subject so the mail can be stored and processed', async () => {
    const mail = await parse('From: ada@example.com\nTo: a@example.com\nSubject: =?utf-8?B?TlVMAGluIHN1YmplY3Q=?=\n\nHello.\n');
    expect(mail.subject).not.toContain('\u0000');
    expect(mail.subject).toBe('NULin subject');
    expect(JSON.stringify(mail)).not.toContain('\\u0000');
  });

  it('reads a forward sent as an attachment as the original mail, forwarded by the visible From', async () => {
    const inner = await compose({ from: { address: 'jane@acme.example', name: 'Jane Doe' }, subject: 'Re: Contract renewal', text: 'The monthly fee changes to $1,450.' });
    const raw = await compose({ from: { address: 'bob@example.com', name: 'Bob' }, subject: 'Fwd: Re: Contract renewal', text: 'For the file.', attachments: [{ filename: 'c.eml', content: inner, contentType: 'message/rfc822' }] });
    const mail = await parse(raw);
    expect(mail.structured).toMatchObject({
      subject: 'Contract renewal',
      sender: { address: 'jane@acme.example', name: 'Jane Doe' },
      forwardedBy: { address: 'bob@example.com', name: 'Bob', note: 'For the file.' },
    });
    expect(mail.structured.body).toContain('$1,450');
  });

  it('reads a Gmail manual forward as the original mail with the forwarder and the original date', async () => {
    const text = 'Heads up.\n\n---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.example>\nDate: Mon, 3 Mar 2025 at 10:00\nSubject: Re: Contract renewal\nTo: Bob <bob@example.com>\n\nThe monthly fee changes to $1,450.';
    const mail = await parse(await compose({ from: { address: 'bob@example.com', name: 'Bob' }, subject: 'Fwd: Re: Contract renewal', text }));
    expect(mail.structured).toMatchObject({
      subject: 'Contract renewal',
      sender: { address: 'jane@acme.example', name: 'Jane Doe' },
      date: null,
      dateText: '3 Mar 2025, 10:00',
      forwardedBy: { address: 'bob@example.com', note: 'Heads up.' },
    });
    expect(mail.structured.body).not.toContain('Forwarded message');
  });
});

describe('the MIME part limit', () => {
  /** A multipart/mixed mail of `count` text parts; `nested` wraps each in a multipart/alternative of its own (two parts each). */
  const withParts = (count: number, nested = false) => {
    const leaf = (n: number) => `Content-Type: text/plain\r\n\r\npart ${n}\r\n`;
    const part = (n: number) => (nested ? `Content-Type: multipart/alternative; boundary=i${n}\r\n\r\n--i${n}\r\n${leaf(n)}--i${n}--\r\n` : leaf(n));
    const body = Array.from({ length: count }, (_, n) => `--b\r\n${part(n)}`).join('');
    return Buffer.from(`From: a@b.example\r\nSubject: parts\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${body}--b--\r\n`);
  };
  const failure = (raw: Buffer) =>
    parseMime(raw, { maxTextChars: DEFAULT_MAX_TEXT_CHARS }).then(
      () => null,
      (error: unknown) => error,
    );

  it('reads a mail of exactly the limit', async () => {
    expect(MAX_MIME_PARTS).toBe(1_000);
    const mail = await parseMime(withParts(MAX_MIME_PARTS), { maxTextChars: DEFAULT_MAX_TEXT_CHARS });
    expect(mail.subject).toBe('parts');
  });

  it.each([
    ['one part over the limit', withParts(MAX_MIME_PARTS + 1)],
    ['5,000 parts', withParts(5_000)],
    ['parts nested in multiparts, each container counted', withParts(501, true)],
  ])('refuses %s, saying the mail has too many parts and what the limit is', async (_name, raw) => {
    const error = await failure(raw);
    expect(error).toBeInstanceOf(MailParseError);
    expect(error).toMatchObject({ reason: 'too-many-parts', message: 'The mail has more than 1,000 MIME parts (the limit is 1,000).' });
  });
});
