import { detectMailKind } from '../../domain/mail-kind.js';
import { looseDateToInstant, parseLooseDate, type LooseDate } from '../../domain/loose-date.js';
import type { MailAddress } from '../../domain/mail-address.js';
import { normaliseMailText } from '../../domain/mail-text.js';
import type { StructuredMail } from '../../domain/structured-mail.js';
import { baseSubject } from '../../domain/subject.js';
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
 * the original From) is what it says it is.
 */
export function structureMail(facts: MimeFacts): StructuredMail {
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
    return withBody(
      {
        subject: baseSubject(forward.subject || facts.subject),
        sender: forward.sender ?? facts.from,
        ...(quoted ? quotedDate(quoted, forward.dateText ?? '') : dateOf(facts.date)),
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
  const body = joinParts([calendar ? calendarEventLines(calendar) : '', own.text]);
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The quoted date: an instant when its zone is written; else as written, in the block's own style. */
function quotedDate(date: LooseDate, written: string): Pick<StructuredMail, 'date' | 'dateText'> {
  const instant = looseDateToInstant(date);
  if (instant) return { date: instant.toISOString(), dateText: null };
  const day = `${date.day} ${MONTHS[date.month - 1] ?? ''} ${date.year}`;
  const time = date.hour === null || date.minute === null ? '' : `, ${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`;
  return { date: null, dateText: written ? `${day}${time}` : null };
}

function joinParts(parts: readonly string[]): string {
  return parts.filter((part) => part.trim() !== '').join('\n\n');
}
