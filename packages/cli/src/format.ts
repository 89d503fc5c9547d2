/** '2026-11-22 14:05 UTC' from an ISO timestamp. */
export function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Seconds as m:ss.s, e.g. 75.25 → '1:15.3'. */
export function formatClock(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${minutes}:${rest}`;
}

/** Whole seconds as m:ss, or h:mm:ss from an hour: 221 → '3:41'. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Seconds with one decimal, e.g. 2.25 → '2.3s'. */
export function formatSeconds(seconds: number): string {
  return `${(Math.round(seconds * 10) / 10).toFixed(1)}s`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
