import type { ReceivedMailStatus } from '../api/types';

const LABELS: Record<ReceivedMailStatus, string> = {
  received: 'Queued',
  processing: 'Processing',
  processed: 'Processed',
  ignored: 'Ignored',
  held: 'Held',
  failed: 'Failed',
  expired: 'Expired',
  duplicate: 'Duplicate',
};

const TONES: Record<ReceivedMailStatus, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  received: 'info',
  processing: 'info',
  processed: 'success',
  ignored: 'neutral',
  held: 'warning',
  failed: 'danger',
  expired: 'neutral',
  duplicate: 'neutral',
};

export function receivedMailStatusLabel(status: ReceivedMailStatus): string {
  return LABELS[status] ?? status;
}

/** A received mail's state as a badge, with the reason written under it (readable without hovering). */
const SENDER_CHECK: Record<'pass' | 'fail' | 'none' | 'temperror', string> = {
  pass: 'Sender verified (DMARC/DKIM)',
  fail: 'Sender check failed (DMARC/DKIM)',
  none: 'Sender domain publishes no DMARC/DKIM',
  temperror: 'Sender check could not be completed',
};

export function ReceivedMailStatusBadge({
  status,
  reason,
  authentication = null,
}: {
  status: ReceivedMailStatus;
  reason: string | null;
  authentication?: { result: keyof typeof SENDER_CHECK; detail: string } | null;
}) {
  return (
    <div className="mail-status">
      <span className={`mail-status__badge mail-status__badge--${TONES[status] ?? 'neutral'}`}>{receivedMailStatusLabel(status)}</span>
      {reason ? <span className="mail-status__reason">{reason}</span> : null}
      {authentication ? (
        <span className="mail-status__reason" title={authentication.detail}>
          {SENDER_CHECK[authentication.result]}
        </span>
      ) : null}
    </div>
  );
}
