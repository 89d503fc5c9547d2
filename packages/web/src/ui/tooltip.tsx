import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

type Side = 'top' | 'bottom' | 'left' | 'right';

const SHOW_DELAY_MS = 400;
const GAP = 6;

interface TriggerProps {
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  'aria-describedby'?: string;
}

function place(rect: DOMRect, side: Side): { top: number; left: number; transform: string } {
  switch (side) {
    case 'top':
      return { top: rect.top - GAP, left: rect.left + rect.width / 2, transform: 'translate(-50%, -100%)' };
    case 'left':
      return { top: rect.top + rect.height / 2, left: rect.left - GAP, transform: 'translate(-100%, -50%)' };
    case 'right':
      return { top: rect.top + rect.height / 2, left: rect.right + GAP, transform: 'translate(0, -50%)' };
    default:
      return { top: rect.bottom + GAP, left: rect.left + rect.width / 2, transform: 'translate(-50%, 0)' };
  }
}

/**
 * A hover and focus tooltip (WAI-ARIA tooltip pattern): shown after a short delay on hover and at
 * once on keyboard focus, hidden on leave, blur and Escape, and tied to its trigger with
 * aria-describedby. `content` is usually an action's "Label · Shortcut".
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: Side;
}) {
  const id = useId();
  const [position, setPosition] = useState<ReturnType<typeof place> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setPosition(null);
  }, []);
  const show = (target: Element, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPosition(place(target.getBoundingClientRect(), side)), delay);
  };
  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [position, hide]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const props = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': position ? id : props['aria-describedby'],
    onMouseEnter: (event: MouseEvent) => {
      props.onMouseEnter?.(event);
      show(event.currentTarget, SHOW_DELAY_MS);
    },
    onMouseLeave: (event: MouseEvent) => {
      props.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent) => {
      props.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, 0);
    },
    onBlur: (event: FocusEvent) => {
      props.onBlur?.(event);
      hide();
    },
  });
  return (
    <>
      {trigger}
      {position
        ? createPortal(
            <div id={id} role="tooltip" className="tooltip" style={{ position: 'fixed', ...position }}>
              {content}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
