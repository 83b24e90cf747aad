import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { ForwardingConfirmation, MailAddress } from '../../src/modules/mail/application/ports/mail-parser.port.js';

/** What parsing a sample must give; fields left out are not checked. */
export interface MimeExpectation {
  subject?: string;
  from?: MailAddress | null;
  /** Who the mail is from, as the block names it: the quoted original of a manual forward. */
  sender?: MailAddress | null;
  /** The forwarder of a manual forward (the visible From), when there is one. */
  forwardedBy?: string | null;
  /** Checked against the forwarder's note and the cleaned body together. */
  textIncludes?: string[];
  textExcludes?: string[];
  attachments?: { filename: string | null; contentType: string; size: number; inline: boolean; role: 'content' | 'skip' | 'parsed' }[];
  forwardingConfirmation?: ForwardingConfirmation | null;
  /** The parser must throw a MailParseError with this reason instead. */
  error?: 'malformed';
}

export interface MimeSample {
  raw: Buffer;
  expected: MimeExpectation;
}

const DATE = new Date('2024-10-01T10:00:00Z');
const ADA = { address: 'ada@example.com', name: 'Ada Lovelace' };
const BOB = { address: 'bob@supplier.example', name: 'Bob Builder' };
export const POLISH = 'Zażółć gęślą jaźń';

/**
 * Raw MIME from nodemailer's composer, with a fixed date and a Message-ID drawn from the content, so a
 * sample is the same message every time and two samples are never taken for one message delivered twice.
 */
export function compose(mail: Mail.Options): Promise<Buffer> {
  const id = createHash('sha256').update(JSON.stringify(mail)).digest('hex').slice(0, 16);
  return new MailComposer({ date: DATE, messageId: `<sample-${id}@mail.test>`, to: 'doc-abcdefghij@in.mailscribe.test', ...mail }).compile().build();
}

const ISO_8859_2: Record<string, number> = {
  ą: 0xb1, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0xb6, ź: 0xbc, ż: 0xbf,
  Ą: 0xa1, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0xa6, Ź: 0xac, Ż: 0xaf,
};

/** ASCII plus the Polish letters, in ISO-8859-2. */
export function iso88592(text: string): Buffer {
  return Buffer.from([...text].map((char) => ISO_8859_2[char] ?? char.charCodeAt(0)));
}

/** A hand-written message: lines joined with CRLF. */
function crlf(...lines: string[]): string {
  return lines.join('\r\n');
}

export async function multipartAlternative(): Promise<MimeSample> {
  const raw = await compose({ from: ADA, subject: 'Quarterly report', text: 'Plain version: the report is ready.', html: '<p>HTML version: the report is <b>ready</b>.</p>' });
  return { raw, expected: { subject: 'Quarterly report', from: ADA, textIncludes: ['Plain version: the report is ready.'], textExcludes: ['HTML version'] } };
}

export const HIDDEN_HTML = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Newsletter title</title>
<style type="text/css">.brand { color: red; } p { margin: 0 }</style></head>
<body><div style="display:none;max-height:0;overflow:hidden">PREHEADER padding text</div>
<!-- tracking comment -->
<script>alert("script text")</script>
<h1>Monthly   update</h1>
<p>First paragraph with <a href="https://track.example/click?u=1">the full report</a>.</p>
<p>Second&nbsp;paragraph &amp; more<span style="font-size:0px">tiny filler</span>.</p>
<p style="visibility: hidden">invisible paragraph</p><div hidden>hidden attribute text</div>
<ul><li>One</li><li>Two</li></ul>
<table><tr><td>Cell A</td><td>Cell B</td></tr></table>
</body></html>`;

export async function htmlOnly(): Promise<MimeSample> {
  const raw = await compose({ from: ADA, subject: 'Newsletter', html: HIDDEN_HTML });
  const textIncludes = ['Monthly update', 'First paragraph with the full report.', 'Second paragraph & more.', '- One\n- Two', 'Cell A: Cell B'];
  const textExcludes = ['PREHEADER', 'tracking comment', 'script text', 'color', 'Newsletter title', 'tiny filler', 'invisible paragraph', 'hidden attribute', 'https://', '  '];
  return { raw, expected: { subject: 'Newsletter', textIncludes, textExcludes } };
}

export async function base64Body(): Promise<MimeSample> {
  const raw = await compose({ from: ADA, subject: 'Base64', text: 'Encoded in base64, decoded by the parser.', textEncoding: 'base64' });
  return { raw, expected: { subject: 'Base64', textIncludes: ['Encoded in base64, decoded by the parser.'] } };
}

export async function quotedPrintableBody(): Promise<MimeSample> {
  const long = `A long line that quoted-printable must wrap with soft breaks, ${'and keep going '.repeat(10)}until the end.`;
  const raw = await compose({ from: ADA, subject: 'QP', text: `x = 1 + 2\n${long}`, textEncoding: 'quoted-printable' });
  return { raw, expected: { subject: 'QP', textIncludes: ['x = 1 + 2', long.replace(/ +/g, ' ')] } };
}

export async function iso88592Polish(): Promise<MimeSample> {
  const head = crlf(
    'From: =?ISO-8859-2?Q?=A3ukasz_=AF=F3=B3w?= <lukasz@example.pl>',
    'Subject: =?ISO-8859-2?Q?Za=BF=F3=B3=E6_g=EA=B6l=B1_ja=BC=F1?=',
    'Date: Tue, 01 Oct 2024 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=ISO-8859-2',
    'Content-Transfer-Encoding: 8bit',
    '\r\n',
  );
  const raw = Buffer.concat([Buffer.from(head, 'latin1'), iso88592(`${POLISH}.\r\nZAŻÓŁĆ GĘŚLĄ JAŹŃ.\r\n`)]);
  return { raw, expected: { subject: POLISH, from: { address: 'lukasz@example.pl', name: 'Łukasz Żółw' }, textIncludes: [`${POLISH}.\nZAŻÓŁĆ GĘŚLĄ JAŹŃ.`] } };
}

export async function utf8Polish(): Promise<MimeSample> {
  const raw = await compose({ from: { address: 'lukasz@example.pl', name: 'Łukasz Żółw' }, subject: POLISH, text: `${POLISH}.\nZAŻÓŁĆ GĘŚLĄ JAŹŃ.` });
  return { raw, expected: { subject: POLISH, from: { address: 'lukasz@example.pl', name: 'Łukasz Żółw' }, textIncludes: [`${POLISH}.\nZAŻÓŁĆ GĘŚLĄ JAŹŃ.`] } };
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

export async function withAttachments(): Promise<MimeSample> {
  const notes = 'attachment text that must not be summarised';
  const attachments = [
    { filename: 'invoice.pdf', content: PDF_BYTES, contentType: 'application/pdf' },
    { filename: 'notes.txt', content: notes, contentType: 'text/plain' },
  ];
  const raw = await compose({ from: ADA, subject: 'Invoice attached', text: 'The invoice is attached.', attachments });
  // Read later, by the attachment reader: the parser only says which files are worth reading.
  const metadata = attachments.map(({ filename, contentType, content }) => ({ filename, contentType, size: Buffer.byteLength(content), inline: false, role: 'content' as const }));
  return { raw, expected: { textIncludes: ['The invoice is attached.'], textExcludes: ['%PDF', 'must not be summarised'], attachments: metadata } };
}

async function forwardedMessage(disposition: 'inline' | 'attachment'): Promise<MimeSample> {
  const inner = await compose({ from: { address: 'Bob@Supplier.example', name: 'Bob Builder' }, to: ADA, subject: 'Invoice 42', text: 'Invoice 42 is due on Friday.' });
  const attachment = { filename: 'Invoice 42.eml', content: inner, contentType: 'message/rfc822', contentDisposition: disposition };
  const raw = await compose({ from: ADA, subject: 'Fwd: Invoice 42', text: 'See the message below.', attachments: [attachment] });
  const textIncludes = ['See the message below.', 'Invoice 42 is due on Friday.'];
  const attachments = [{ filename: 'Invoice 42.eml', contentType: 'message/rfc822', size: inner.length, inline: disposition === 'inline', role: 'parsed' as const }];
  return { raw, expected: { from: ADA, sender: BOB, forwardedBy: ADA.address, textIncludes, attachments } };
}

/** A message/rfc822 part shown inline (how several clients forward). */
export const inlineForwardedMessage = (): Promise<MimeSample> => forwardedMessage('inline');
/** "Forward as attachment". */
export const attachedForwardedMessage = (): Promise<MimeSample> => forwardedMessage('attachment');

/** The HTML part of a Gmail forward, as Gmail writes it. */
export const GMAIL_FORWARD_HTML =
  '<div dir="ltr">FYI, please file this.<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>' +
  'From: <strong class="gmail_sendername" dir="auto">Bob Builder</strong> <span dir="auto">&lt;<a href="mailto:bob@supplier.example">bob@supplier.example</a>&gt;</span><br>' +
  'Date: Mon, Sep 30, 2024 at 9:12 AM<br>Subject: Invoice 42<br>To: Ada Lovelace &lt;<a href="mailto:ada@example.com">ada@example.com</a>&gt;<br></div><br><br>' +
  '<div dir="ltr">Invoice 42 is due on Friday.</div></div></div>';

export async function gmailManualForward(): Promise<MimeSample> {
  const quoted = 'From: Bob Builder <bob@supplier.example>\nDate: Mon, Sep 30, 2024 at 9:12 AM\nSubject: Invoice 42\nTo: Ada Lovelace <ada@example.com>';
  const text = `FYI, please file this.\n\n---------- Forwarded message ---------\n${quoted}\n\nInvoice 42 is due on Friday.`;
  const html = GMAIL_FORWARD_HTML;
  const raw = await compose({ from: ADA, subject: 'Fwd: Invoice 42', text, html });
  return { raw, expected: { from: ADA, sender: BOB, forwardedBy: ADA.address, textIncludes: ['FYI, please file this.', 'Invoice 42 is due on Friday.'] } };
}

/** Gmail's HTML-only forward (no text/plain part): the original sender survives the HTML conversion. */
export async function gmailHtmlOnlyForward(): Promise<MimeSample> {
  const raw = await compose({ from: ADA, subject: 'Fwd: Invoice 42', html: GMAIL_FORWARD_HTML });
  return { raw, expected: { from: ADA, sender: BOB, forwardedBy: ADA.address, textIncludes: ['Invoice 42 is due on Friday.'], textExcludes: ['From: Bob Builder', 'Forwarded message'] } };
}

export async function polishGmailForward(): Promise<MimeSample> {
  const text = ['---------- Wiadomość przekazana dalej ---------', 'Od: Bob Builder <bob@supplier.example>', 'Date: pon., 30 wrz 2024 o 09:12', 'Subject: Faktura 42', 'To: <ada@example.com>', '', 'Faktura 42 jest płatna w piątek.'].join('\n');
  const raw = await compose({ from: ADA, subject: 'Fwd: Faktura 42', text });
  return { raw, expected: { sender: BOB, forwardedBy: ADA.address, textIncludes: ['Faktura 42 jest płatna w piątek.'] } };
}

export async function noSubject(): Promise<MimeSample> {
  const raw = Buffer.from(crlf('From: Ada Lovelace <ada@example.com>', 'Date: Tue, 01 Oct 2024 10:00:00 +0000', 'Content-Type: text/plain; charset=utf-8', '', 'No subject here.', ''));
  return { raw, expected: { subject: '', from: ADA, textIncludes: ['No subject here.'] } };
}

export async function noFrom(): Promise<MimeSample> {
  const raw = Buffer.from(crlf('To: doc-abcdefghij@in.mailscribe.test', 'Subject: Who sent this?', 'Content-Type: text/plain; charset=utf-8', '', 'Nobody knows.', ''));
  return { raw, expected: { subject: 'Who sent this?', from: null, textIncludes: ['Nobody knows.'] } };
}

/** One line of a million characters, sent as 8bit. */
export async function oneMegabyteLine(): Promise<MimeSample> {
  const line = 'word '.repeat(200_000).trim();
  const raw = Buffer.from(crlf('From: Ada Lovelace <ada@example.com>', 'Subject: Long line', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', line, ''));
  return { raw, expected: { subject: 'Long line', textIncludes: [line.slice(0, 100), line.slice(-100)] } };
}

/** The declared boundary never appears, another one does, and the closing delimiter is missing. */
export async function brokenBoundaries(): Promise<MimeSample> {
  const headers = crlf('From: Ada Lovelace <ada@example.com>', 'Subject: Broken multipart', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="declared-boundary"');
  const parts = crlf('Preamble text.', '--other-boundary', 'Content-Type: text/plain', '', 'Text inside a part with the wrong boundary.', '--declared-boundary');
  const raw = Buffer.from(crlf(headers, '', parts, 'Content-Type: text/plain; charset=utf-8', '', 'Text of the only real part, never closed.', ''));
  return { raw, expected: { subject: 'Broken multipart', from: ADA, textIncludes: ['Text of the only real part, never closed.'] } };
}

export const CONFIRMATION_LINK = 'https://mail-settings.google.com/mail/vf-%5BANGjdJ9example%5D-Zm9yd2FyZA';

export async function gmailForwardingConfirmation(): Promise<MimeSample> {
  const text = `someone@gmail.com has requested to automatically forward mail to your email
address doc-abcdefghij@in.mailscribe.test.\n\nConfirmation code: 123456789\n
To allow someone@gmail.com to automatically forward mail to your address,
please click the link below to confirm the request:\n\n${CONFIRMATION_LINK}\n
If you click the link and it appears to be broken, please copy and paste it into a new browser window.`;
  const subject = '(#123456789) Gmail Forwarding Confirmation - Receive Mail from someone@gmail.com';
  const raw = await compose({ from: { address: 'forwarding-noreply@google.com', name: 'Gmail Team' }, subject, text });
  return { raw, expected: { forwardingConfirmation: { code: '123456789', link: CONFIRMATION_LINK, requester: 'someone@gmail.com' } } };
}

/** Bytes with no header section at all. */
export async function notAMessage(): Promise<MimeSample> {
  return { raw: Buffer.from('\r\n\r\njust some bytes\r\n'), expected: { error: 'malformed' } };
}

/** Every sample by name, for table-driven tests. */
export const mimeSamples = {
  ...{ multipartAlternative, htmlOnly, base64Body, quotedPrintableBody, iso88592Polish, utf8Polish, withAttachments },
  ...{ inlineForwardedMessage, attachedForwardedMessage, gmailManualForward, gmailHtmlOnlyForward, polishGmailForward },
  ...{ noSubject, noFrom, oneMegabyteLine, brokenBoundaries, gmailForwardingConfirmation, notAMessage },
} satisfies Record<string, () => Promise<MimeSample>>;

/** A large HTML-only message (about `megabytes` MB) that keeps a parser busy for a while. */
export async function bigHtmlMessage(megabytes: number): Promise<Buffer> {
  const row = '<tr><td style="padding:4px">Cell &amp; text</td><td><a href="https://x.example/a">link</a></td></tr>\n';
  const html = `<table>${row.repeat(Math.ceil((megabytes * 1024 * 1024) / row.length))}</table>`;
  return compose({ from: ADA, subject: 'Big', html });
}
