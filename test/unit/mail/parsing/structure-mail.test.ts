import { describe, expect, it } from 'vitest';
import { readCalendarEvent } from '../../../../src/modules/mail/infra/parsing/calendar-event.js';
import { structureMail, type MimeFacts } from '../../../../src/modules/mail/infra/parsing/structure-mail.js';

const BOB = { address: 'bob@example.com', name: 'Bob' };
const BODY = 'The monthly fee changes from $1,200 to $1,450 on 1 April 2026.';

const facts = (overrides: Partial<MimeFacts>): MimeFacts => ({
  subject: 'Fwd: Contract renewal',
  from: BOB,
  date: new Date('2026-11-16T17:05:00Z'),
  text: '',
  report: null,
  calendar: null,
  embedded: null,
  ...overrides,
});

/** Each client's header block above a forwarded mail sent on Monday 16 November 2026 at 16:40 local time. */
const FORWARDS: { client: string; header: string }[] = [
  { client: 'Gmail', header: '---------- Forwarded message ---------\nFrom: Jane Doe <jane@acme.example>\nDate: Mon, 16 Nov 2026 at 16:40\nSubject: Contract renewal\nTo: Bob <bob@example.com>' },
  { client: 'Outlook in English', header: '-----Original Message-----\nFrom: Jane Doe <jane@acme.example>\nSent: Monday, November 16, 2026 4:40 PM\nTo: Bob <bob@example.com>\nSubject: Contract renewal' },
  { client: 'Outlook in German', header: 'Von: Jane Doe <jane@acme.example>\nGesendet: Montag, 16. November 2026 16:40\nAn: Bob <bob@example.com>\nBetreff: Contract renewal' },
  { client: 'Outlook in French', header: 'De : Jane Doe <jane@acme.example>\nEnvoyé : lundi 16 novembre 2026 16:40\nÀ : Bob <bob@example.com>\nObjet : Contract renewal' },
  { client: 'Outlook in Spanish', header: 'De: Jane Doe <jane@acme.example>\nEnviado el: lunes, 16 de noviembre de 2026 16:40\nPara: Bob <bob@example.com>\nAsunto: Contract renewal' },
  { client: 'Outlook in Polish', header: 'Od: Jane Doe <jane@acme.example>\nWysłane: poniedziałek, 16 listopada 2026 16:40\nDo: Bob <bob@example.com>\nTemat: Contract renewal' },
];

describe('structureMail: the quoted date of a manual forward', () => {
  it.each(FORWARDS)('$client: read in the zone of the forward’s Date header when it has one', ({ header }) => {
    const mail = structureMail(facts({ text: `FYI\n\n${header}\n\n${BODY}`, dateOffsetMinutes: 60 }));
    expect(mail).toMatchObject({ subject: 'Contract renewal', sender: { address: 'jane@acme.example' }, date: '2026-11-16T15:40:00.000Z', dateText: null });
  });

  it.each(FORWARDS)('$client: kept as written when the forward gives no zone', ({ header }) => {
    const mail = structureMail(facts({ text: `FYI\n\n${header}\n\n${BODY}`, dateOffsetMinutes: null }));
    expect(mail).toMatchObject({ date: null, dateText: '16 Nov 2026, 16:40' });
  });

  it('reads a zone the quoted date writes itself (Apple Mail, Thunderbird) whatever the forward says', () => {
    const apple = 'Begin forwarded message:\n\nFrom: Jane Doe <jane@acme.example>\nSubject: Contract renewal\nDate: 16 November 2026 at 16:40:12 GMT+1\nTo: Bob <bob@example.com>';
    const thunderbird = '-------- Forwarded Message --------\nSubject: \tContract renewal\nDate: \tMon, 16 Nov 2026 16:40:12 +0100\nFrom: \tJane Doe <jane@acme.example>\nTo: \tbob@example.com';
    for (const header of [apple, thunderbird]) {
      expect(structureMail(facts({ text: `${header}\n\n${BODY}`, dateOffsetMinutes: -300 }))).toMatchObject({ date: '2026-11-16T15:40:00.000Z', dateText: null });
    }
  });

  it('does not infer a zone from a UTC Date header: Exchange writes every Date header in UTC', () => {
    const mail = structureMail(facts({ text: `${FORWARDS[1]?.header ?? ''}\n\n${BODY}`, dateOffsetMinutes: 0 }));
    expect(mail).toMatchObject({ date: null, dateText: '16 Nov 2026, 16:40' });
  });

  it('does not infer a zone that would put the quoted mail after its forward, or a month before it', () => {
    const header = FORWARDS[0]?.header ?? '';
    const early = structureMail(facts({ text: `${header}\n\n${BODY}`, dateOffsetMinutes: -300, date: new Date('2026-11-16T18:00:00Z') }));
    expect(early).toMatchObject({ date: null, dateText: '16 Nov 2026, 16:40' });
    const late = structureMail(facts({ text: `${header}\n\n${BODY}`, dateOffsetMinutes: 60, date: new Date('2027-01-20T10:00:00Z') }));
    expect(late).toMatchObject({ date: null, dateText: '16 Nov 2026, 16:40' });
  });

  it('does not read a forward of a forward in the outer forwarder’s zone: the inner date was written elsewhere', () => {
    const text = `See below\n\n${FORWARDS[0]?.header.replace('Jane Doe <jane@acme.example>', 'Alice <alice@example.com>').replace('16:40', '16:50') ?? ''}\n\nFYI Bob\n\n${FORWARDS[0]?.header ?? ''}\n\n${BODY}`;
    expect(structureMail(facts({ subject: 'Fwd: Fwd: Contract renewal', text, dateOffsetMinutes: 60 }))).toMatchObject({ date: null, dateText: '16 Nov 2026, 16:40' });
  });
});

describe('structureMail: an invitation’s description and attendees', () => {
  const invitation = (description: string) =>
    readCalendarEvent(
      [
        'BEGIN:VCALENDAR',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'SUMMARY:Supplier review',
        'DTSTART;TZID=Europe/Warsaw:20260310T143000',
        'DTEND;TZID=Europe/Warsaw:20260310T150000',
        'ORGANIZER;CN=Anna Nowak:mailto:anna.nowak@example.com',
        'ATTENDEE;CN=Anna Nowak:mailto:anna.nowak@example.com',
        'ATTENDEE;CN=Mikel Ortiz:mailto:mikel@example.com',
        'ATTENDEE;CN=Kofi Mensah:mailto:kofi@example.com',
        `DESCRIPTION:${description}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );

  it('puts the attendees and the agenda into the text the summary is made from', () => {
    const calendar = invitation('Agenda:\\n1. Delivery dates for Gdańsk\\n2. Price list for Q3\\n\\nJoin Zoom Meeting\\nhttps://us02web.zoom.us/j/812?pwd=x\\nMeeting ID: 812 3456 7890');
    const mail = structureMail(facts({ subject: 'Invitation: Supplier review', from: { address: 'anna.nowak@example.com', name: 'Anna Nowak' }, text: 'You have been invited.', calendar }));
    expect(mail.kind).toBe('invitation');
    expect(mail.body).toBe(
      'Event: Supplier review\nWhen: 10 Mar 2026 14:30–15:00 (Europe/Warsaw)\nOrganizer: Anna Nowak <anna.nowak@example.com>\nAttendees: Mikel Ortiz, Kofi Mensah\n\n' +
        'Agenda:\n1. Delivery dates for Gdańsk\n2. Price list for Q3\n\nYou have been invited.',
    );
  });

  it('does not repeat description lines the mail’s own text already holds (Google and Outlook write both)', () => {
    const calendar = invitation('Agenda:\\n1. Delivery dates for Gdańsk\\n2. Price list for Q3');
    const mail = structureMail(facts({ subject: 'Invitation: Supplier review', text: 'Supplier review\n\nAgenda:\n1. Delivery dates for Gdańsk\n2. Price list for Q3', calendar }));
    expect(mail.body.match(/Delivery dates for Gdańsk/g)).toHaveLength(1);
  });
});
