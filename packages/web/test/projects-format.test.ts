import type { ProjectListEntry, Series } from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import {
  filterProjects,
  formatDuration,
  formatRelative,
  groupBySeries,
  initials,
  NO_SERIES_GROUP,
  posterPalette,
  spoken,
} from '../src/format/format.js';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function project(id: string, name: string, extra: Partial<ProjectListEntry> = {}): ProjectListEntry {
  return {
    id,
    name,
    description: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    thumbnail: null,
    audio_url: null,
    audio_s3_key: null,
    series_id: null,
    settings: { scenes: [], shotOrder: [] },
    shotCount: 0,
    duration: 0,
    ...extra,
  };
}

function series(id: string, name: string): Series {
  return {
    id,
    name,
    description: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}

describe('formatDuration', () => {
  it('writes mm:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(599.6)).toBe('10:00');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(7322)).toBe('2:02:02');
  });

  it('treats negative and non-finite input as zero', () => {
    expect(formatDuration(-3)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});

describe('formatRelative', () => {
  it('reads like a person would say it', () => {
    expect(formatRelative(ago(10_000), NOW)).toBe('just now');
    expect(formatRelative(ago(50_000), NOW)).toBe('1 min ago');
    expect(formatRelative(ago(3 * 60_000), NOW)).toBe('3 min ago');
    expect(formatRelative(ago(2 * 3_600_000 + 5_000), NOW)).toBe('2 h ago');
    expect(formatRelative(ago(30 * 3_600_000), NOW)).toBe('yesterday');
    expect(formatRelative(ago(5 * 86_400_000), NOW)).toBe('5 days ago');
  });

  it('gives a date after a week, with the year when it is not this year', () => {
    expect(formatRelative('2026-03-12T09:00:00.000Z', NOW)).toBe('12 Mar');
    expect(formatRelative('2024-03-12T09:00:00.000Z', NOW)).toBe('12 Mar 2024');
  });

  it('shows a dash for a missing or broken timestamp', () => {
    expect(formatRelative(null, NOW)).toBe('—');
    expect(formatRelative('not a date', NOW)).toBe('—');
  });
});

describe('groupBySeries', () => {
  const season = series('s1', 'Season One');
  const anthology = series('s2', 'Anthology');

  it('puts projects without a series first, then one group per series by name', () => {
    const groups = groupBySeries(
      [
        project('a', 'Pilot', { series_id: 's1', updated_at: '2026-11-20T10:00:00.000Z' }),
        project('b', 'Short', { updated_at: '2026-11-21T10:00:00.000Z' }),
        project('c', 'Episode 2', { series_id: 's1', updated_at: '2026-11-24T10:00:00.000Z' }),
        project('d', 'Tale', { series_id: 's2' }),
        project('e', 'Spot', { updated_at: '2026-11-23T10:00:00.000Z' }),
      ],
      [season, anthology],
    );
    expect(groups.map((group) => group.title)).toEqual(['No series', 'Anthology', 'Season One']);
    expect(groups[0]?.id).toBe(NO_SERIES_GROUP);
    expect(groups[0]?.projects.map((p) => p.id)).toEqual(['e', 'b']);
    expect(groups[2]?.projects.map((p) => p.id)).toEqual(['c', 'a']);
    expect(groups[2]?.series).toBe(season);
  });

  it('calls the only group "All projects" when there are no series, and keeps unknown series ungrouped', () => {
    const groups = groupBySeries([project('a', 'One'), project('b', 'Two', { series_id: 'gone' })], []);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.title).toBe('All projects');
    expect(groups[0]?.projects).toHaveLength(2);
  });

  it('leaves out series with no projects', () => {
    expect(groupBySeries([], [season])).toEqual([]);
  });
});

describe('filterProjects', () => {
  const list = [
    project('a', 'The Long Night', { description: 'A nurse searches the hospital' }),
    project('b', 'Harbour Lights', { series_id: 's1' }),
  ];
  const seriesName = (id: string | null) => (id === 's1' ? 'Season One' : undefined);

  it('matches every word against name, logline and series, ignoring case', () => {
    expect(filterProjects(list, '', seriesName)).toHaveLength(2);
    expect(filterProjects(list, 'NURSE night', seriesName).map((p) => p.id)).toEqual(['a']);
    expect(filterProjects(list, 'season', seriesName).map((p) => p.id)).toEqual(['b']);
    expect(filterProjects(list, 'nurse season', seriesName)).toEqual([]);
  });
});

describe('placeholder posters', () => {
  it('are stable per project and take initials without the article', () => {
    expect(posterPalette('project-1')).toEqual(posterPalette('project-1'));
    expect(posterPalette('project-1')).not.toEqual(posterPalette('project-2'));
    expect(initials('The Long Night')).toBe('LN');
    expect(initials('Ferry')).toBe('FE');
    expect(initials('  ')).toBe('?');
  });
});

describe('spoken', () => {
  it('writes a shortcut the way empty states say it', () => {
    expect(spoken('Ctrl+K')).toBe('Ctrl K');
    expect(spoken('Ctrl+Shift+N')).toBe('Ctrl Shift N');
    expect(spoken(undefined)).toBe('Ctrl K');
  });
});
