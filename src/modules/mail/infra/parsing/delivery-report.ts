/**
 * A delivery failure (RFC 3464 `multipart/report; report-type=delivery-status`): mailparser folds the
 * machine-readable `message/delivery-status` part into the text, which would otherwise be summarised as
 * raw `Reporting-MTA:` / `Action: failed` fields. This reads those fields and takes them out of the text.
 */
export interface DeliveryReport {
  /** Each recipient the report is about, with what happened and why. */
  recipients: { address: string; action: string; status: string; reason: string }[];
  /** The human-readable text of the report, with the delivery-status fields removed. */
  text: string;
  /** The subject of the message that could not be delivered, from the returned message or its headers. */
  returnedSubject: string | null;
}

const FIELD = /^([A-Za-z][A-Za-z0-9-]*):\s?(.*)$/;
const DSN_FIELDS = new Set([
  'reporting-mta', 'received-from-mta', 'arrival-date', 'original-envelope-id', 'dsn-gateway', 'final-recipient',
  'original-recipient', 'action', 'status', 'remote-mta', 'diagnostic-code', 'last-attempt-date', 'final-log-id',
  'will-retry-until', 'x-postfix-queue-id', 'x-postfix-sender', 'x-actual-recipient', 'x-original-message-id',
  'x-display-name', 'x-supplementary-info',
]);

export function readDeliveryReport(text: string): DeliveryReport {
  const kept: string[] = [];
  const recipients: DeliveryReport['recipients'] = [];
  let current: Record<string, string> | null = null;
  let lastField: string | null = null;
  const flush = (): void => {
    const address = (current?.['final-recipient'] ?? current?.['original-recipient'] ?? '').replace(/^[^;]*;\s*/, '').trim();
    if (current && address) {
      recipients.push({
        address,
        action: (current['action'] ?? '').trim().toLowerCase(),
        status: (current['status'] ?? '').trim(),
        reason: (current['diagnostic-code'] ?? '').replace(/^[^;]*;\s*/, '').replace(/\s+/g, ' ').trim(),
      });
    }
    current = null;
  };
  for (const line of text.split('\n')) {
    const field = FIELD.exec(line);
    const name = field?.[1]?.toLowerCase();
    if (field && name && DSN_FIELDS.has(name)) {
      if (name === 'final-recipient' || name === 'original-recipient') {
        if (current?.['final-recipient'] && name === 'final-recipient') flush();
      }
      current ??= {};
      current[name] = field[2] ?? '';
      lastField = name;
      continue;
    }
    // A folded Diagnostic-Code continues on indented lines; the normalised text lost the indent, so a
    // line right after it that is not blank and no delivery-status field is taken as its continuation.
    if (lastField === 'diagnostic-code' && current && line.trim() !== '') {
      current['diagnostic-code'] = `${current['diagnostic-code'] ?? ''} ${line.trim()}`;
      continue;
    }
    lastField = null;
    kept.push(line);
  }
  flush();
  return { recipients, text: kept.join('\n').replace(/\n{3,}/g, '\n\n').trim(), returnedSubject: null };
}

/** The report's facts as `label: value` lines, first in the text the summariser reads. */
export function deliveryReportLines(report: DeliveryReport): string {
  const returned = report.returnedSubject ? `Returned message: ${report.returnedSubject}\n\n` : '';
  return returned + report.recipients
    .map((recipient) =>
      [
        `Recipient: ${recipient.address}`,
        `Status: ${recipient.action === '' ? '' : `${recipient.action} `}${recipient.status}`.trim(),
        ...(recipient.reason ? [`Reason: ${recipient.reason}`] : []),
      ].join('\n'),
    )
    .join('\n\n');
}
