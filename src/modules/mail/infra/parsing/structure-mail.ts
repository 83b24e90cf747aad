import { detectMailKind } from '../../domain/mail-kind.js';
import { looseDateInForwarderZone, looseDateToInstant, parseLooseDate, writtenDay, type LooseDate } from '../../domain/loose-date.js';
import type { MailAddress } from '../../domain/mail-address.js';
import { normaliseMailText } from '../../domain/mail-text.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { baseSubject } from '../../domain/subject.js';
import { redactSecrets } from '../../domain/text/secrets.js';
import { cleanBody } from '../../domain/text/clean-body.js';
import { calendarEventLines, type CalendarEvent } from './calendar-event.js';
import { deliveryReportLines, type DeliveryReport } from './delivery-report.js';
import { readForwardedContent } from './forwarded-content.js';

/** What the MIME stage found, in the order the structure is decided from. */
export interface MimeFacts {
  subject: string;
  /** The visible From. */
  from: MailAddress | null;
  date: Date | null;
  /**
   * The zone offset the Date header was written with, minutes east of UTC (null when none). A quoted
   * date without a zone is read in it (see looseDateInForwarderZone); absent, none is inferred.
   */
  dateOffsetMinutes?: number | null;
  /** The mail's text, normalised. */
  text: string;
  report: DeliveryReport | null;
  calendar: CalendarEvent | null;
  /** A forwarded message/rfc822 part, already structured. */
  embedded: StructuredMail | null;
}

/** A forwarder's note is one line in the block: a longer one is cut at a word. */
const MAX_NOTE_CHARS = 300;

/**
 * The one place a mail's structure is decided. A delivery report is from the reporting system, about its
 * recipients. A forward as an attachment, or a manual forward quoted in the body, is the original mail,
 * with the forwarder and their note beside it. Anything else (auto-forwarded mail included: it keeps
 * the original From) is what it says it is. One-time codes, passwords and card numbers are left out of
 * the subject, the forwarder's note and the body before anything else reads them (secrets.ts).
 */
export function structureMail(facts: MimeFacts): StructuredMail {
  return withoutSecrets(structure(facts));
}

function withoutSecrets(mail: StructuredMail): StructuredMail {
  const forwardedBy = mail.forwardedBy ? { ...mail.forwardedBy, note: redactSecrets(mail.forwardedBy.note).text } : null;
  return { ...mail, subject: redactSecrets(mail.subject).text, forwardedBy, body: redactSecrets(mail.body).text };
}

function structure(facts: MimeFacts): StructuredMail {
  if (facts.report) {
    const own = cleanBody(facts.report.text);
    return {
      subject: baseSubject(facts.subject),
      sender: facts.from,
      ...dateOf(facts.date),
      forwardedBy: null,
      body: joinParts([deliveryReportLines(facts.report), own.text]),
      kind: 'bounce',
    };
  }
  if (facts.embedded) {
    return { ...facts.embedded, forwardedBy: forwarder(facts.from, facts.text) };
  }
  const forward = readForwardedContent(facts.text, facts.subject);
  if (forward) {
    const quoted = forward.dateText ? parseLooseDate(forward.dateText) : null;
    // Only a direct forward's quoted date was written by this forwarder's client, in their zone.
    const forwarderZone = facts.date && forward.depth === 1 ? { at: facts.date, offsetMinutes: facts.dateOffsetMinutes ?? null } : null;
    return withBody(
      {
        subject: baseSubject(forward.subject || facts.subject),
        sender: forward.sender ?? facts.from,
        ...(quoted ? quotedDate(quoted, forward.dateText ?? '', forwarderZone) : dateOf(facts.date)),
        forwardedBy: forwarder(facts.from, forward.note),
      },
      normaliseMailText(forward.body),
      facts.calendar,
    );
  }
  return withBody({ subject: baseSubject(facts.subject), sender: facts.from, ...dateOf(facts.date), forwardedBy: null }, facts.text, facts.calendar);
}

function withBody(head: Omit<StructuredMail, 'body' | 'kind'>, text: string, calendar: CalendarEvent | null): StructuredMail {
  const own = cleanBody(text);
  const body = joinParts([calendar ? calendarEventLines(calendar) : '', calendar ? descriptionPart(calendar, own.text) : '', own.text]);
  const kind = detectMailKind({
    subject: head.subject,
    text: body,
    hasCalendar: calendar !== null,
    isDeliveryReport: false,
    hadQuotedHistory: own.hadQuotedHistory,
  });
  return { ...head, body, kind };
}

function forwarder(from: MailAddress | null, note: string): StructuredMail['forwardedBy'] {
  if (!from) return null;
  const cleaned = cleanBody(note).text.replace(/\s+/g, ' ').trim();
  return { ...from, note: cleaned.length > MAX_NOTE_CHARS ? `${cleaned.slice(0, MAX_NOTE_CHARS - 1).replace(/\s+\S*$/, '')}…` : cleaned };
}

function dateOf(date: Date | null): Pick<StructuredMail, 'date' | 'dateText'> {
  return { date: date ? date.toISOString() : null, dateText: null };
}

/**
 * The invitation's description (its agenda), cleaned like any mail text, without the lines the mail's
 * own text already holds: Google Calendar and Outlook write the description into the text part too.
 */
function descriptionPart(calendar: CalendarEvent, ownText: string): string {
  if (calendar.description === '') return '';
  const key = (line: string): string => line.toLowerCase().replace(/\s+/g, ' ').trim();
  const shown = new Set(ownText.split('\n').map(key));
  const lines = cleanBody(calendar.description).text.split('\n');
  return lines.filter((line) => line === '' || !shown.has(key(line))).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * The quoted date: an instant when its zone is written, or when the forward's own Date header tells
 * the forwarder's zone (see looseDateInForwarderZone); else as written, in the block's own style.
 */
function quotedDate(date: LooseDate, written: string, forwarderZone: Parameters<typeof looseDateInForwarderZone>[1] | null): Pick<StructuredMail, 'date' | 'dateText'> {
  const instant = looseDateToInstant(date) ?? (forwarderZone ? looseDateInForwarderZone(date, forwarderZone) : null);
  if (instant) return { date: instant.toISOString(), dateText: null };
  const day = writtenDay(date.day, date.month, date.year);
  const time = date.hour === null || date.minute === null ? '' : `, ${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`;
  return { date: null, dateText: written ? `${day}${time}` : null };
}

function joinParts(parts: readonly string[]): string {
  return parts.filter((part) => part.trim() !== '').join('\n\n');
}
