import { describe, expect, it } from 'vitest';
import { calendarEventLines, readCalendarEvent } from '../../../../src/modules/mail/infra/parsing/calendar-event.js';

const ics = (...event: string[]) => ['BEGIN:VCALENDAR', 'METHOD:REQUEST', 'BEGIN:VEVENT', ...event, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');

const GOOGLE_DESCRIPTION =
  'DESCRIPTION:Agenda:\\n1. Q1 spending against plan\\n2. Approve the Q2 hiring plan (3 engineers\\, 1 designer)\\nPlease read the deck\\; it is short.' +
  '\\n\\n-::~:~::~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~:~::~:~::-\\nJoin with Google Meet: https://meet.google.com/xqe-hkwp-ydn\\nJoin by phone\\n(PL) +48 22 104 06 29 PIN: 881245119#' +
  '\\n\\nLearn more about Meet at: https://support.google.com/a/users/answer/9282720\\n\\nPlease do not edit this section.\\n-::~:~::~:~::-';

const ZOOM_DESCRIPTION = [
  'DESCRIPTION:Quarterly supplier review: delivery dates for Gdańsk.\\n\\nAnna Nowak is inviting you to a scheduled Zoom meeting.\\n\\nJoin Zoom Meeting\\nhttps://us02web.zoom.us/j/81234567890?pwd=abc\\n\\n',
  'Meeting ID: 812 3456 7890\\nPasscode: 123456\\n---\\nOne tap mobile\\n+16465588656\\,\\,81234567890#\\,\\,\\,\\,*123456# US (New York)\\n\\nDial by your location\\n• +1 646 558 8656 US (New York)\\n',
  'Find your local number: https://us02web.zoom.us/u/kbXYZ\\n\\nJoin by SIP\\n• 81234567890@zoomcrc.com\\n\\nJoin by H.323\\n• 162.255.37.11 (US West)',
].join('');

describe('readCalendarEvent: description and attendees', () => {
  it('reads the description with its line breaks and escapes, without Google Meet joining information', () => {
    const event = readCalendarEvent(ics('SUMMARY:Budget review', GOOGLE_DESCRIPTION));
    expect(event?.description).toBe('Agenda:\n1. Q1 spending against plan\n2. Approve the Q2 hiring plan (3 engineers, 1 designer)\nPlease read the deck; it is short.');
  });

  it('drops Zoom joining information and dial-in numbers, and keeps the agenda', () => {
    const folded = ZOOM_DESCRIPTION.replace(/(.{70})/g, '$1\r\n ');
    const description = readCalendarEvent(ics('SUMMARY:Supplier review', folded))?.description ?? '';
    expect(description.startsWith('Quarterly supplier review: delivery dates for Gdańsk.')).toBe(true);
    expect(description).not.toMatch(/zoom|tap mobile|Dial by|\+1 646|zoomcrc|162\.255|local number|H\.323|SIP/i);
  });

  it('unescapes an escaped backslash before an n as a backslash and a letter', () => {
    expect(readCalendarEvent(ics('DESCRIPTION:C:\\\\new folder\\nnext line'))?.description).toBe('C:\\new folder\nnext line');
  });

  it('cuts a long description at a word, with an ellipsis', () => {
    const description = readCalendarEvent(ics(`DESCRIPTION:${'agenda item '.repeat(1_000)}`))?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(4_000);
    expect(description.endsWith('item…')).toBe(true);
  });

  it('names attendees by name, else address, without the organizer and rooms, at most ten', () => {
    const attendees = Array.from({ length: 13 }, (_, i) => `ATTENDEE;CN=Guest ${i + 1};ROLE=REQ-PARTICIPANT:mailto:guest${i + 1}@example.com`);
    const event = readCalendarEvent(
      ics(
        'ORGANIZER;CN=Anna Nowak:mailto:anna.nowak@example.com',
        'ATTENDEE;CUTYPE=INDIVIDUAL;CN=Anna Nowak:mailto:anna.nowak@example.com',
        'ATTENDEE;CUTYPE=INDIVIDUAL;CN=mikel@example.com;RSVP=TRUE:mailto:mikel@example.com',
        'ATTENDEE;CUTYPE=ROOM;CN=Room 4.12:mailto:room412@resource.example.com',
        'ATTENDEE;CN="Doe, Jane: Finance":mailto:jane@example.com',
        ...attendees,
      ),
    );
    expect(event?.attendees).toEqual(['mikel@example.com', 'Doe, Jane: Finance', ...Array.from({ length: 8 }, (_, i) => `Guest ${i + 1}`)]);
    expect(event?.attendeeCount).toBe(15);
    expect(event?.organizer).toBe('Anna Nowak <anna.nowak@example.com>');
  });

  it('puts an Attendees line after the Organizer line, with how many more there are', () => {
    const event = readCalendarEvent(
      ics(
        'SUMMARY:Budget review',
        'DTSTART;TZID=Europe/Warsaw:20250310T143000',
        'DTEND;TZID=Europe/Warsaw:20250310T150000',
        'ORGANIZER;CN=Jane Doe:mailto:jane@acme.example',
        ...Array.from({ length: 12 }, (_, i) => `ATTENDEE;CN=Guest ${i + 1}:mailto:guest${i + 1}@example.com`),
      ),
    );
    expect(event && calendarEventLines(event)).toBe(
      'Event: Budget review\nWhen: 10 Mar 2025 14:30–15:00 (Europe/Warsaw)\nOrganizer: Jane Doe <jane@acme.example>\n' +
        'Attendees: Guest 1, Guest 2, Guest 3, Guest 4, Guest 5, Guest 6, Guest 7, Guest 8, Guest 9, Guest 10 and 2 more',
    );
  });

  it('reads an event without description or attendees as before', () => {
    const event = readCalendarEvent(ics('SUMMARY:Call', 'ORGANIZER:mailto:ops@example.com'));
    expect(event).toMatchObject({ summary: 'Call', organizer: 'ops@example.com', attendees: [], attendeeCount: 0, description: '' });
    expect(event && calendarEventLines(event)).toBe('Event: Call\nOrganizer: ops@example.com');
  });
});
