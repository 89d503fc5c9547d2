import type { ProjectListEntry, Series } from '@reelbench/sdk';

/** Seconds as m:ss (mm:ss under an hour, h:mm:ss from an hour), for mono, tabular display. */
export function formatDuration(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.round(totalSeconds) : 0;
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = safe % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${String(minutes).padStart(2, '0')}:${ss}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "just now", "3 min ago", "2 h ago", "yesterday", "5 days ago", then a date ("12 Mar" or "12 Mar 2024"). */
export function formatRelative(iso: string | null | undefined, now: number): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const delta = now - at;
  if (delta < 45_000) return 'just now';
  if (delta < HOUR) return `${Math.max(1, Math.round(delta / MINUTE))} min ago`;
  if (delta < DAY) return `${Math.floor(delta / HOUR)} h ago`;
  const days = Math.floor(delta / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  const date = new Date(at);
  const current = new Date(now);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return date.getUTCFullYear() === current.getUTCFullYear() ? day : `${day} ${date.getUTCFullYear()}`;
}

/** An absolute timestamp for titles and tooltips: "2026-11-25 11:30 UTC". */
export function formatAbsolute(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface ProjectGroup {
  /** 'none' for projects without a series. */
  id: string;
  title: string;
  series: Series | null;
  projects: ProjectListEntry[];
}

export const NO_SERIES_GROUP = 'none';

const byUpdated = (a: ProjectListEntry, b: ProjectListEntry) =>
  b.updated_at.localeCompare(a.updated_at) || a.name.localeCompare(b.name);

/**
 * Projects grouped by series: projects without a series first (most recently updated first), then
 * one headed group per series that has projects, by series name. A project whose series is not in
 * the list (deleted, not loaded yet) stays with the ungrouped ones.
 */
export function groupBySeries(
  projects: readonly ProjectListEntry[],
  series: readonly Series[],
): ProjectGroup[] {
  const known = new Map(series.map((entry) => [entry.id, entry]));
  const bySeries = new Map<string, ProjectListEntry[]>();
  const loose: ProjectListEntry[] = [];
  for (const project of projects) {
    const seriesId = project.series_id;
    if (seriesId && known.has(seriesId)) {
      const list = bySeries.get(seriesId) ?? [];
      list.push(project);
      bySeries.set(seriesId, list);
    } else {
      loose.push(project);
    }
  }
  const groups: ProjectGroup[] = [];
  if (loose.length > 0) {
    groups.push({
      id: NO_SERIES_GROUP,
      title: bySeries.size === 0 ? 'All projects' : 'No series',
      series: null,
      projects: loose.sort(byUpdated),
    });
  }
  const seriesGroups = [...bySeries.entries()]
    .map(([id, list]) => {
      const entry = known.get(id) as Series;
      return { id, title: entry.name, series: entry, projects: list.sort(byUpdated) };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
  return [...groups, ...seriesGroups];
}

/** Case-insensitive match on name, description and series name; every word must match. */
export function filterProjects(
  projects: readonly ProjectListEntry[],
  query: string,
  seriesName: (seriesId: string | null) => string | undefined = () => undefined,
): ProjectListEntry[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  return projects.filter((project) => {
    const haystack = [project.name, project.description ?? '', seriesName(project.series_id) ?? '']
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** A stable number from a string (FNV-1a), for placeholder posters. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Two hues and an angle for a project's generated poster: the same project always looks the same. */
export function posterPalette(seed: string): { hue: number; hue2: number; angle: number } {
  const hash = hashString(seed);
  const hue = hash % 360;
  return { hue, hue2: (hue + 40 + ((hash >>> 9) % 80)) % 360, angle: 120 + ((hash >>> 17) % 90) };
}

/** Up to two initials: "The Long Night" → "LN", "Ferry" → "FE". */
export function initials(name: string): string {
  const words = name
    .replace(/^(the|a|an)\s+/i, '')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return `${(words[0] ?? '')[0] ?? ''}${(words[1] ?? '')[0] ?? ''}`.toUpperCase();
}

/** "1 shot", "12 shots". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A shortcut as UI.md writes it in empty states: "Ctrl+K" → "Ctrl K". */
export function spoken(shortcut: string | undefined): string {
  return (shortcut ?? 'Ctrl K').replace(/\+/g, ' ');
}
