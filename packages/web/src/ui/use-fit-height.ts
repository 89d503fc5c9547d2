import { type RefObject, useLayoutEffect } from 'react';

/** The nearest ancestor that scrolls vertically (the app's main area), else the document's scroller. */
function scrollerOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/**
 * The height `ref`'s element can take while its page is scrolled to the top and the element still
 * ends inside the visible area (less `reserve` px under it), written to its `--fit-height` CSS
 * property and kept up to date as the window or what is above the element changes. A player sized
 * by `min(100%, var(--fit-height) * ratio)` is then sized by the height as well as the width, so
 * its controls stay in view.
 */
export function useFitHeight(
  ref: RefObject<HTMLElement | null>,
  { reserve = 16, min = 200 }: { reserve?: number; min?: number } = {},
): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const scroller = scrollerOf(element);
    const isDocument = scroller === document.scrollingElement || scroller === document.documentElement;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const scrollerTop = isDocument ? 0 : scroller.getBoundingClientRect().top;
      const visible = isDocument ? window.innerHeight : scroller.clientHeight;
      const offset = top - scrollerTop + scroller.scrollTop;
      const height = Math.max(min, Math.floor(visible - offset - reserve));
      element.style.setProperty('--fit-height', `${height}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    // What sits above the element (a job's progress line, say) moves it down: the page's own box
    // changes then.
    const page = isDocument ? document.body : scroller.firstElementChild;
    if (page) observer.observe(page);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, reserve, min]);
}
