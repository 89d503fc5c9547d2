import { AlertTriangle, Check, Clock, Loader2, RefreshCw } from 'lucide-react';
import { cx } from '../ui/cx.js';
import { type DerivedStatus, SHOT_STATUS_LABELS } from './model.js';

export const STATUS_ICONS = {
  pending: Clock,
  processing: Loader2,
  completed: Check,
  stale: RefreshCw,
  failed: AlertTriangle,
} as const;

/** The status chip on a frame: colour, icon, word; processing shows its percentage. */
export function FrameStatus({ derived }: { derived: DerivedStatus }) {
  const Icon = STATUS_ICONS[derived.status];
  const label =
    derived.status === 'processing' && derived.progress
      ? `${SHOT_STATUS_LABELS.processing} ${derived.progress}%`
      : SHOT_STATUS_LABELS[derived.status];
  return (
    <span
      className={cx('frame-status', `frame-status--${derived.status}`)}
      title={derived.error ? `${label}: ${derived.error}` : label}
    >
      <Icon
        size={12}
        strokeWidth={2.5}
        aria-hidden="true"
        className={derived.status === 'processing' ? 'spin' : undefined}
      />
      <span>{label}</span>
    </span>
  );
}
