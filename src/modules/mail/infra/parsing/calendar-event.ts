import { writtenDay } from '../../domain/loose-date.js';

/**
 * The event of an invitation's `text/calendar` part (RFC 5545), read for the few properties a summary
 * needs: what, when, where, who invites and who is invited, the agenda, and whether it is a request, a
 * change or a cancellation. A whole calendar engine (recurrence, time zone tables) is not needed to say
 * this, so this reader is ours and small: it unfolds lines, reads the first VEVENT and never evaluates
 * anything.
 */
export interface EventTime {
  /** `10 Mar 2025` */
  date: string;
  /** `14:30 (Europe/Warsaw)`; '' for an all-day event. */
  time: string;
}

export interface CalendarEvent {
  method: string;
  summary: string;
  start: EventTime | null;
  end: EventTime | null;
  location: string;
  organizer: string;
  status: string;
  /** Invited people (name, else address), organizer and rooms left out; at most MAX_ATTENDEES. */
  attendees: string[];
  /** How many people are invited in all (attendees.length when none were left out). */
  attendeeCount: number;
  /** The description as lines, without the joining information calendars add; '' when none. */
  description: string;
}

const MAX_ICS_CHARS = 200_000;
const MAX_ATTENDEES = 10;
/** An agenda is a few paragraphs: past this a description is pasted material, and is cut. */
const MAX_DESCRIPTION_CHARS = 4_000;

interface Property {
  params: string;
  value: string;
}

export function readCalendarEvent(ics: string): CalendarEvent | null {
  const lines = ics.slice(0, MAX_ICS_CHARS).replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');
  let method = '';
  let inEvent = false;
  const event: Record<string, Property> = {};
  const attendees: Property[] = [];
  for (const line of lines) {
    const colon = valueStart(line);
    if (colon < 0) continue;
    const [name = '', ...params] = line.slice(0, colon).split(';');
    const key = name.toUpperCase();
    const value = line.slice(colon + 1);
    if (key === 'METHOD' && !inEvent) method = value.trim().toUpperCase();
    if (key === 'BEGIN' && value.trim().toUpperCase() === 'VEVENT') inEvent = true;
    else if (key === 'END' && value.trim().toUpperCase() === 'VEVENT') break;
    else if (inEvent && key === 'ATTENDEE') attendees.push({ params: params.join(';'), value });
    else if (inEvent && !(key in event)) event[key] = { params: params.join(';'), value };
  }
  if (!inEvent) return null;
  const organizer = event['ORGANIZER'];
  const organizerName = paramOf(organizer, 'CN');
  const organizerAddress = addressOf(organizer);
  const invited = invitedPeople(attendees, organizerAddress);
  return {
    method,
    summary: oneLine(event['SUMMARY']?.value ?? ''),
    start: when(event['DTSTART']),
    end: when(event['DTEND']),
    location: oneLine(event['LOCATION']?.value ?? ''),
    organizer: organizerName && organizerAddress && organizerName.toLowerCase() !== organizerAddress ? `${organizerName} <${organizerAddress}>` : organizerName || organizerAddress,
    status: (event['STATUS']?.value ?? '').trim().toUpperCase(),
    attendees: invited.slice(0, MAX_ATTENDEES),
    attendeeCount: invited.length,
    description: descriptionText(event['DESCRIPTION']?.value ?? ''),
  };
}

/** The event as `label: value` lines, first in the text the summariser reads (the description apart). */
export function calendarEventLines(event: CalendarEvent): string {
  const { start, end } = event;
  const show = (at: EventTime): string => [at.date, at.time].filter(Boolean).join(' ');
  const when = !start ? '' : !end ? show(start) : end.date === start.date && end.time ? `${start.date} ${start.time.replace(/ \(.*\)$/, '')}–${end.time}` : `${show(start)} – ${show(end)}`;
  const cancelled = event.method === 'CANCEL' || event.status === 'CANCELLED';
  const more = event.attendeeCount - event.attendees.length;
  const attendees = event.attendees.join(', ') + (more > 0 ? ` and ${more} more` : '');
  return [
    ...(cancelled ? ['Status: cancelled'] : []),
    ...(event.summary ? [`Event: ${event.summary}`] : []),
    ...(when ? [`When: ${when}`] : []),
    ...(event.location ? [`Where: ${event.location}`] : []),
    ...(event.organizer ? [`Organizer: ${event.organizer}`] : []),
    ...(attendees ? [`Attendees: ${attendees}`] : []),
  ].join('\n');
}

/** Where a content line's value starts: the first colon outside a quoted parameter value (`CN="A: B"`). */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return i;
  }
  return -1;
}

function paramOf(property: Property | undefined, name: string): string {
  const match = new RegExp(`(?:^|;)${name}=(?:"([^"]*)"|([^;]*))`, 'i').exec(property?.params ?? '');
  return oneLine(match?.[1] ?? match?.[2] ?? '');
}

function addressOf(property: Property | undefined): string {
  const value = property?.value.trim() ?? '';
  return /^mailto:/i.test(value) ? value.slice(7).trim().toLowerCase() : '';
}

/** People only: the organizer is named on its own line, rooms and equipment are the location. */
function invitedPeople(attendees: readonly Property[], organizer: string): string[] {
  const seen = new Set<string>(organizer ? [organizer] : []);
  const people: string[] = [];
  for (const attendee of attendees) {
    if (/^(?:ROOM|RESOURCE)$/i.test(paramOf(attendee, 'CUTYPE'))) continue;
    const address = addressOf(attendee);
    const name = paramOf(attendee, 'CN');
    const key = address || name.toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    // Google writes the address as the name of a guest it has no name for.
    people.push(name && name.toLowerCase() !== address ? name : address);
  }
  return people;
}

/**
 * Joining information the calendar or the conferencing add-in wrote into the description, beyond the
 * Google Calendar and Teams furniture cleanBody's CALENDAR_BOILERPLATE already drops: Zoom's block,
 * dial-in numbers, SIP and H.323 addresses. For one trimmed line of a description.
 */
const JOINING_INFO = new RegExp(
  [
    '^join zoom meeting', 'is inviting you to a scheduled zoom meeting', 'zoom\\.us/', '^one tap mobile', '^dial by your location',
    '^find your local number', '^join by (?:sip|h\\.323|skype for business)', '@zoomcrc\\.com', '^or call in', '^please do not edit this section',
    // "+16465588656,,81234567890# US (New York)", "• +1 646 558 8656 US", "(PL) +48 22 104 06 29": dial-in numbers.
    '^(?:[•·*-]\\s?)?(?:\\(\\w{2}\\)\\s?)?\\+\\d[\\d ()-]{6,}[\\d,#*]*(?:\\s.{0,60})?$',
    // "• 162.255.37.11 (US West)": an H.323 gateway.
    '^(?:[•·*-]\\s?)?\\d{1,3}(?:\\.\\d{1,3}){3}(?:\\s.{0,40})?$',
  ].join('|'),
  'iu',
);
/** Google Calendar fences its joining block with lines of `-::~:~::~:~:~…::-`. */
const GOOGLE_FENCE = /^-?::~[:~]*::-?$/;

/**
 * The description's text: unescaped, Google's fenced joining block and other joining lines dropped,
 * cut at MAX_DESCRIPTION_CHARS at a line or word. The rest of the cleaning (links, furniture,
 * signatures) is cleanBody's, where the description becomes part of the mail's text.
 */
function descriptionText(value: string): string {
  const kept: string[] = [];
  let fenced = false;
  for (const raw of unescapeText(value.slice(0, MAX_DESCRIPTION_CHARS * 4)).split('\n')) {
    const line = raw.trim();
    if (GOOGLE_FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && !JOINING_INFO.test(line.slice(0, 300))) kept.push(line);
  }
  const text = kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  if (text.length <= MAX_DESCRIPTION_CHARS) return text;
  const head = text.slice(0, MAX_DESCRIPTION_CHARS - 1);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return `${(cut >= MAX_DESCRIPTION_CHARS / 2 ? head.slice(0, cut) : head).trimEnd()}…`;
}

/** RFC 5545 TEXT escapes in one pass: `\n` (or `\N`) is a line break, `\,` `\;` `\\` the character. */
function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\:])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

function oneLine(value: string): string {
  return unescapeText(value).replace(/\s+/g, ' ').trim();
}

/** `20250310T143000` with its TZID → `10 Mar 2025`, `14:30 (Europe/Warsaw)`; a UTC time says UTC. */
function when(property: Property | undefined): EventTime | null {
  if (!property) return null;
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})\d{0,2}(Z)?)?/.exec(property.value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, utc] = match;
  const date = writtenDay(Number(day), Number(month), Number(year));
  if (!hour) return { date, time: '' };
  const zone = utc ? 'UTC' : (/(?:^|;)TZID="?([^";:]+)"?/i.exec(property.params)?.[1] ?? '');
  return { date, time: `${hour}:${minute}${zone ? ` (${zone})` : ''}` };
}
