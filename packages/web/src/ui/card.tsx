import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.js';
import { type IconProp, renderIcon } from './icon.js';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('card', className)} {...rest} />;
}

export function Skeleton({
  width,
  height = 14,
  className,
}: {
  width?: number | string;
  height?: number | string;
  className?: string;
}) {
  return <span className={cx('skeleton', className)} style={{ width, height }} aria-hidden="true" />;
}

/** A key or key combination as the help overlay and the palette show it. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}

export type Status =
  | 'pending'
  | 'processing'
  | 'completed'
  | 'stale'
  | 'failed'
  | 'queued'
  | 'cancelled'
  | 'running';

const STATUS_CLASS: Record<Status, string> = {
  pending: 'pending',
  queued: 'pending',
  processing: 'processing',
  running: 'processing',
  completed: 'completed',
  stale: 'stale',
  failed: 'failed',
  cancelled: 'pending',
};

/** Status as a colour and a word, the same everywhere (UI.md, look). */
export function StatusBadge({ status, label }: { status: Status; label?: string }) {
  return (
    <span className={cx('status-badge', `status--${STATUS_CLASS[status]}`)}>
      <span className="status-dot" aria-hidden="true" />
      {label ?? status}
    </span>
  );
}

export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon?: IconProp;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon ? <div className="empty-state__icon">{renderIcon(icon, 28)}</div> : null}
      <h2 className="empty-state__title">{title}</h2>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner-wrap" role={label ? 'status' : undefined}>
      <span className="spinner" aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Three placeholder rows while a list or table loads. */
export function ListSkeleton() {
  return (
    <div className="jobs-skeleton" aria-hidden="true">
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} height={44} />
      ))}
    </div>
  );
}
