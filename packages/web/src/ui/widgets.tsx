import { AlertTriangle, Ban, CheckCircle2, Circle, Clock3, Loader2, XCircle } from 'lucide-react';
import type { StatusBucket } from '../pages/dashboard/pipeline.js';
import { cx } from './cx.js';

export type IconStatus = StatusBucket | 'queued' | 'running' | 'cancelled';

/** Status as an icon in its colour (UI.md: status is a colour and an icon). */
export function StatusIcon({ status, size = 14 }: { status: IconStatus; size?: number }) {
  const props = {
    size,
    'aria-hidden': true as const,
    className: cx('status-icon', `status-icon--${status}`),
  };
  switch (status) {
    case 'completed':
      return <CheckCircle2 {...props} />;
    case 'processing':
    case 'running':
      return <Loader2 {...props} className={cx(props.className, 'spin')} />;
    case 'queued':
      return <Clock3 {...props} />;
    case 'stale':
      return <AlertTriangle {...props} />;
    case 'failed':
      return <XCircle {...props} />;
    case 'cancelled':
      return <Ban {...props} />;
    default:
      return <Circle {...props} />;
  }
}

/** A determinate progress bar with its percentage, read out as a progressbar. */
export function ProgressBar({
  value,
  label,
  status = 'processing',
  showValue = true,
}: {
  value: number;
  label: string;
  status?: IconStatus;
  showValue?: boolean;
}) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className="progress">
      <div
        className={cx('progress__track', `progress__track--${status}`)}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={`${clamped}%`}
      >
        <span className="progress__fill" style={{ width: `${clamped}%` }} />
      </div>
      {showValue ? <span className="progress__value mono">{clamped}%</span> : null}
    </div>
  );
}
