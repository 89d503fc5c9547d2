import '@testing-library/jest-dom/vitest';
import type { ProjectListEntry, Series } from '@reelbench/sdk';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { groupBySeries } from '../src/format/format.js';
import { ProjectBrowser } from '../src/pages/projects/project-browser.js';
import type { ProjectsView } from '../src/pages/projects/projects-actions.js';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

function project(
  id: string,
  name: string,
  updated: string,
  series_id: string | null = null,
): ProjectListEntry {
  return {
    id,
    name,
    description: `${name} logline`,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: updated,
    thumbnail: null,
    audio_url: null,
    audio_s3_key: null,
    series_id,
    settings: { scenes: [], shotOrder: [] },
    shotCount: 12,
    duration: 95,
  };
}

const season: Series = {
  id: 'season',
  name: 'Season One',
  description: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

const projects = [
  project('p1', 'Alpha', '2026-11-25T11:57:00.000Z'),
  project('p2', 'Bravo', '2026-11-24T10:00:00.000Z'),
  project('p3', 'Pilot', '2026-11-23T10:00:00.000Z', 'season'),
];

function Harness({ view, onOpen }: { view: ProjectsView; onOpen: (id: string) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <ProjectBrowser
      groups={groupBySeries(projects, [season])}
      view={view}
      selectedId={selected}
      onSelect={setSelected}
      onOpen={onOpen}
      now={NOW}
      seriesName={(id) => (id === 'season' ? 'Season One' : undefined)}
    />
  );
}

describe('ProjectBrowser', () => {
  it('is one listbox of options grouped by series, with one option in the tab order', () => {
    render(<Harness view="list" onOpen={() => {}} />);
    const listbox = screen.getByRole('listbox', { name: 'Projects' });
    expect(within(listbox).getByRole('group', { name: 'No series' })).toBeInTheDocument();
    const seasonGroup = within(listbox).getByRole('group', { name: 'Season One' });
    expect(within(seasonGroup).getByRole('option', { name: /Pilot/ })).toBeInTheDocument();
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(options[0]).toHaveTextContent('Alpha');
    expect(options[0]).toHaveTextContent('01:35');
    expect(options[0]).toHaveTextContent('3 min ago');
  });

  it('moves the selection and the focus with Up, Down, Home and End, and opens with Enter', () => {
    const onOpen = vi.fn();
    render(<Harness view="list" onOpen={onOpen} />);
    const [alpha, bravo, pilot] = screen.getAllByRole('option') as [HTMLElement, HTMLElement, HTMLElement];
    act(() => alpha.focus());
    expect(alpha).toHaveAttribute('aria-selected', 'true');

    fireEvent.keyDown(alpha, { key: 'ArrowDown' });
    expect(bravo).toHaveAttribute('aria-selected', 'true');
    expect(bravo).toHaveFocus();
    expect(bravo).toHaveAttribute('tabindex', '0');
    expect(alpha).toHaveAttribute('aria-selected', 'false');
    expect(alpha).toHaveAttribute('tabindex', '-1');

    // Across the series group boundary, and clamped at the end.
    fireEvent.keyDown(bravo, { key: 'ArrowDown' });
    fireEvent.keyDown(pilot, { key: 'ArrowDown' });
    expect(pilot).toHaveAttribute('aria-selected', 'true');
    expect(pilot).toHaveFocus();

    fireEvent.keyDown(pilot, { key: 'Home' });
    expect(alpha).toHaveFocus();
    fireEvent.keyDown(alpha, { key: 'ArrowUp' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(alpha, { key: 'End' });
    expect(pilot).toHaveFocus();

    fireEvent.keyDown(pilot, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('p3');
  });

  it('moves with Left and Right in the grid, selects on click and opens on double click', () => {
    const onOpen = vi.fn();
    render(<Harness view="grid" onOpen={onOpen} />);
    const [alpha, bravo] = screen.getAllByRole('option') as [HTMLElement, HTMLElement, HTMLElement];
    fireEvent.click(bravo);
    expect(bravo).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(bravo, { key: 'ArrowLeft' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(alpha).toHaveFocus();
    fireEvent.keyDown(alpha, { key: 'ArrowRight' });
    expect(bravo).toHaveFocus();
    fireEvent.doubleClick(bravo);
    expect(onOpen).toHaveBeenCalledWith('p2');
  });
});
