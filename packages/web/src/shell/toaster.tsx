import { AlertCircle, CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import type { Toast } from '../state/toasts.js';
import { cx } from '../ui/cx.js';

const ICONS = {
  success: CheckCircle2,
  error: AlertCircle,
  warning: TriangleAlert,
  info: Info,
} as const;

function ToastView({ toast }: { toast: Toast }) {
  const { toasts } = useServices();
  const Icon = ICONS[toast.type];
  return (
    <li
      className={cx('toast', `toast--${toast.type}`, `toast--${toast.phase}`)}
      data-toast-type={toast.type}
      onMouseEnter={() => toasts.hold(toast.id)}
      onMouseLeave={() => toasts.release(toast.id)}
      onFocus={() => toasts.hold(toast.id)}
      onBlur={() => toasts.release(toast.id)}
    >
      <Icon className="toast__icon" size={18} aria-hidden="true" />
      <div className="toast__content" role={toast.type === 'error' ? 'alert' : 'status'}>
        <p className="toast__title">{toast.title}</p>
        {toast.message ? <p className="toast__message">{toast.message}</p> : null}
        {toast.action ? (
          <button
            type="button"
            className="btn btn--link btn--sm toast__action"
            onClick={() => {
              toast.action?.onClick();
              toasts.dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => toasts.dismiss(toast.id)}
      >
        <X size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

/** The toast stack, bottom right, above the status line. */
export function Toaster() {
  const { toasts } = useServices();
  const list = useStore(toasts.store);
  return (
    <section className="toaster" aria-label="Notifications">
      <ol>
        {list.map((toast) => (
          <ToastView key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
