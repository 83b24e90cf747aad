import type { ReceivedMailStatus } from '../api/types';

const LABELS: Record<ReceivedMailStatus, string> = {
  received: 'Queued',
  processing: 'Processing',
  processed: 'Processed',
  ignored: 'Ignored',
  held: 'Held',
  failed: 'Failed',
  expired: 'Expired',
};

const TONES: Record<ReceivedMailStatus, 'success' | 'info' | 'warning' | 'danger' | 'neutral'> = {
  received: 'info',
  processing: 'info',
  processed: 'success',
  ignored: 'neutral',
  held: 'warning',
  failed: 'danger',
  expired: 'neutral',
};

export function receivedMailStatusLabel(status: ReceivedMailStatus): string {
  return LABELS[status] ?? status;
}

/** A received mail's state as a badge, with the reason written under it (readable without hovering). */
export function ReceivedMailStatusBadge({ status, reason }: { status: ReceivedMailStatus; reason: string | null }) {
  return (
    <div className="mail-status">
      <span className={`mail-status__badge mail-status__badge--${TONES[status] ?? 'neutral'}`}>{receivedMailStatusLabel(status)}</span>
      {reason ? <span className="mail-status__reason">{reason}</span> : null}
    </div>
  );
}
