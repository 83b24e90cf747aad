import { describe, expect, it } from 'vitest';
import { readForwardedContent } from '../../../../src/modules/mail/infra/parsing/forwarded-content.js';

const JANE = { address: 'jane@acme.example', name: 'Jane Doe' };
const BODY = 'The monthly fee changes from $1,200 to $1,450 on 1 April 2025.';

/** Each client's own way of quoting a forwarded mail, as it writes the text part. */
const CLIENTS: { client: string; subject: string; text: string; note: string; dateText: string }[] = [
  {
    client: 'Gmail',
    subject: 'Fwd: Contract renewal',
    text: `Heads up, see the fee.\n\n---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.example>\nDate: Mon, 3 Mar 2025 at 10:00\nSubject: Contract renewal\nTo: Bob <bob@example.com>\n\n${BODY}`,
    note: 'Heads up, see the fee.',
    dateText: 'Mon, 3 Mar 2025 at 10:00',
  },
  {
    client: 'Outlook desktop',
    subject: 'FW: Contract renewal',
    text: `FYI\n\n-----Original Message-----\nFrom: Jane Doe <jane@acme.example>\nSent: Monday, March 3, 2025 10:00 AM\nTo: Bob <bob@example.com>\nSubject: Contract renewal\n\n${BODY}`,
    note: 'FYI',
    dateText: 'Monday, March 3, 2025 10:00 AM',
  },
  {
    client: 'Outlook on the web',
    subject: 'FW: Contract renewal',
    text: `FYI\n\n________________________________\nFrom: Jane Doe <jane@acme.example>\nSent: Monday, March 3, 2025 10:00 AM\nTo: Bob <bob@example.com>\nSubject: Contract renewal\n\n${BODY}`,
    note: 'FYI',
    dateText: 'Monday, March 3, 2025 10:00 AM',
  },
  {
    client: 'Outlook in German',
    subject: 'WG: Contract renewal',
    text: `Zur Info\n\nVon: Jane Doe <jane@acme.example>\nGesendet: Montag, 3. März 2025 10:00\nAn: Bob <bob@example.com>\nBetreff: Contract renewal\n\n${BODY}`,
    note: 'Zur Info',
    dateText: 'Montag, 3. März 2025 10:00',
  },
  {
    client: 'Outlook in French',
    subject: 'TR: Contract renewal',
    text: `Pour info\n\nDe : Jane Doe <jane@acme.example>\nEnvoyé : lundi 3 mars 2025 10:00\nÀ : Bob <bob@example.com>\nObjet : Contract renewal\n\n${BODY}`,
    note: 'Pour info',
    dateText: 'lundi 3 mars 2025 10:00',
  },
  {
    client: 'Outlook in Spanish',
    subject: 'RV: Contract renewal',
    text: `Para tu información\n\nDe: Jane Doe <jane@acme.example>\nEnviado: lunes, 3 de marzo de 2025 10:00\nPara: Bob <bob@example.com>\nAsunto: Contract renewal\n\n${BODY}`,
    note: 'Para tu información',
    dateText: 'lunes, 3 de marzo de 2025 10:00',
  },
  {
    client: 'Outlook in Polish',
    subject: 'PD: Contract renewal',
    text: `Do wiadomości\n\n-----Wiadomość oryginalna-----\nOd: Jane Doe <jane@acme.example>\nWysłano: poniedziałek, 3 marca 2025 10:00\nDo: Bob <bob@example.com>\nTemat: Contract renewal\n\n${BODY}`,
    note: 'Do wiadomości',
    dateText: 'poniedziałek, 3 marca 2025 10:00',
  },
  {
    client: 'Apple Mail',
    subject: 'Fwd: Contract renewal',
    text: `Take a look.\n\nBegin forwarded message:\n\nFrom: Jane Doe <jane@acme.example>\nSubject: Contract renewal\nDate: 3 March 2025 at 10:00:00 CET\nTo: Bob <bob@example.com>\n\n${BODY}`,
    note: 'Take a look.',
    dateText: '3 March 2025 at 10:00:00 CET',
  },
  {
    client: 'Thunderbird',
    subject: 'Fwd: Contract renewal',
    text: `-------- Forwarded Message --------\nSubject: \tContract renewal\nDate: \tMon, 3 Mar 2025 10:00:00 +0100\nFrom: \tJane Doe <jane@acme.example>\nTo: \tbob@example.com\n\n${BODY}`,
    note: '',
    dateText: 'Mon, 3 Mar 2025 10:00:00 +0100',
  },
  {
    client: 'Yahoo',
    subject: 'Fwd: Contract renewal',
    text: `----- Forwarded Message -----\nFrom: Jane Doe <jane@acme.example>\nTo: Bob <bob@example.com>\nSent: Monday, March 3, 2025, 10:00:00 AM GMT+1\nSubject: Contract renewal\n\n${BODY}`,
    note: '',
    dateText: 'Monday, March 3, 2025, 10:00:00 AM GMT+1',
  },
];

describe('readForwardedContent', () => {
  it.each(CLIENTS)('reads a $client forward: original sender, subject, date, body and the note', ({ subject, text, note, dateText }) => {
    expect(readForwardedContent(text, subject)).toEqual({ note, sender: JANE, subject: 'Contract renewal', dateText, body: BODY, depth: 1 });
  });

  it('follows a forward of a forward to the original, keeping the outermost note', () => {
    const text = [
      'See below',
      '',
      '---------- Forwarded message ---------',
      'From: Alice <alice@example.com>',
      'Date: Tue, 4 Mar 2025 at 09:00',
      'Subject: Fwd: Contract renewal',
      'To: <bob@example.com>',
      '',
      'FYI Bob',
      '',
      '---------- Forwarded message ---------',
      'From: Jane Doe <jane@acme.example>',
      'Date: Mon, 3 Mar 2025 at 10:00',
      'Subject: Contract renewal',
      'To: Alice <alice@example.com>',
      '',
      BODY,
    ].join('\n');
    expect(readForwardedContent(text, 'Fwd: Fwd: Contract renewal')).toEqual({
      note: 'See below',
      sender: JANE,
      subject: 'Contract renewal',
      dateText: 'Mon, 3 Mar 2025 at 10:00',
      body: BODY,
      depth: 2,
    });
  });

  it('does not take a reply with quoted history for a forward', () => {
    const reply = 'Sounds good, see you then.\n\nOn Mon, 3 Mar 2025 at 10:00, Jane Doe <jane@acme.example> wrote:\n> Shall we meet at 3?';
    expect(readForwardedContent(reply, 'Re: Meeting')).toBeNull();
    expect(readForwardedContent('Hello Mikel\n\nLunch at one?', 'Lunch')).toBeNull();
  });

  it('leaves a huge body unsearched rather than scanning it', () => {
    const huge = `${'x'.repeat(300 * 1024)}\n\n---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.example>\nSubject: A\n\nB`;
    expect(readForwardedContent(huge, 'Fwd: A')).toBeNull();
  });
});
