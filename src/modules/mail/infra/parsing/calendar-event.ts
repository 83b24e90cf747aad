/**
 * The event of an invitation's `text/calendar` part (RFC 5545), read for the few properties a summary
 * needs: what, when, where, who invites, and whether it is a request, a change or a cancellation. A
 * whole calendar engine (recurrence, time zone tables) is not needed to say this, so this reader is ours
 * and small: it unfolds lines, reads the first VEVENT and never evaluates anything.
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
}

const MAX_ICS_CHARS = 200_000;

export function readCalendarEvent(ics: string): CalendarEvent | null {
  const lines = ics.slice(0, MAX_ICS_CHARS).replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');
  let method = '';
  let inEvent = false;
  const event: Record<string, { params: string; value: string }> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [name = '', ...params] = head.split(';');
    const key = name.toUpperCase();
    if (key === 'METHOD' && !inEvent) method = value.trim().toUpperCase();
    if (key === 'BEGIN' && value.trim().toUpperCase() === 'VEVENT') inEvent = true;
    else if (key === 'END' && value.trim().toUpperCase() === 'VEVENT') break;
    else if (inEvent && !(key in event)) event[key] = { params: params.join(';'), value };
  }
  if (!inEvent) return null;
  const organizer = event['ORGANIZER'];
  const name = /(?:^|;)CN="?([^";]+)"?/i.exec(organizer?.params ?? '')?.[1]?.trim();
  const address = organizer?.value.replace(/^mailto:/i, '').trim() ?? '';
  return {
    method,
    summary: unescape(event['SUMMARY']?.value ?? ''),
    start: when(event['DTSTART']),
    end: when(event['DTEND']),
    location: unescape(event['LOCATION']?.value ?? ''),
    organizer: name && address ? `${name} <${address}>` : (name ?? address),
    status: (event['STATUS']?.value ?? '').trim().toUpperCase(),
  };
}

/** The event as `label: value` lines, first in the text the summariser reads. */
export function calendarEventLines(event: CalendarEvent): string {
  const { start, end } = event;
  const show = (at: EventTime): string => [at.date, at.time].filter(Boolean).join(' ');
  const when = !start ? '' : !end ? show(start) : end.date === start.date && end.time ? `${start.date} ${start.time.replace(/ \(.*\)$/, '')}–${end.time}` : `${show(start)} – ${show(end)}`;
  const cancelled = event.method === 'CANCEL' || event.status === 'CANCELLED';
  return [
    ...(cancelled ? ['Status: cancelled'] : []),
    ...(event.summary ? [`Event: ${event.summary}`] : []),
    ...(when ? [`When: ${when}`] : []),
    ...(event.location ? [`Where: ${event.location}`] : []),
    ...(event.organizer ? [`Organizer: ${event.organizer}`] : []),
  ].join('\n');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `20250310T143000` with its TZID → `10 Mar 2025`, `14:30 (Europe/Warsaw)`; a UTC time says UTC. */
function when(property: { params: string; value: string } | undefined): EventTime | null {
  if (!property) return null;
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})\d{0,2}(Z)?)?/.exec(property.value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, utc] = match;
  const date = `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
  if (!hour) return { date, time: '' };
  const zone = utc ? 'UTC' : (/(?:^|;)TZID="?([^";:]+)"?/i.exec(property.params)?.[1] ?? '');
  return { date, time: `${hour}:${minute}${zone ? ` (${zone})` : ''}` };
}

function unescape(value: string): string {
  return value.replace(/\\n/gi, ' ').replace(/\\([,;\\])/g, '$1').replace(/\s+/g, ' ').trim();
}
