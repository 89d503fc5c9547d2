import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/app/queries.js';
import { createServices } from '../src/app/services.js';
import { StoryboardPage } from '../src/pages/storyboard/storyboard-page.js';
import type { ShotListData } from '../src/shots/editor.js';
import { shotProgress } from '../src/shots/progress.js';
import { run } from './action-context.js';
import { renderPage } from './render-page.js';
import { fakeShotsClient, id, makeScene, makeShot, PROJECT_ID, withFakeLayout } from './shots-fixtures.js';

const PAGE = `/project/${PROJECT_ID}/storyboard`;

withFakeLayout({ width: 1100, height: 900 });
afterEach(() => {
  window.__reelbenchCountRenders = false;
  window.__reelbenchRenders = {};
});

async function renderStoryboard() {
  const shots = Array.from({ length: 6 }, (_, i) =>
    makeShot({
      id: id(700 + i),
      name: `Shot ${i + 1}`,
      framing: 'wide',
      script_text: `Line ${i + 1}`,
      ...(i < 2 ? { image_url: `/frames/${i}.png` } : {}),
    }),
  );
  const ids = shots.map((shot) => shot.id);
  const scenes = [
    makeScene(1, 'INT. LAMP ROOM', ids.slice(0, 4), '#06b6d4'),
    makeScene(2, 'EXT. JETTY', ids.slice(4, 5), '#d946ef'),
  ];
  const { client } = fakeShotsClient(shots, scenes, { shots: { update: vi.fn(async () => shots[0]) } });
  const services = createServices({ client });
  const { router } = renderPage(services, `/project/${PROJECT_ID}/storyboard`, () => (
    <StoryboardPage projectId={PROJECT_ID} />
  ));
  const grid = await screen.findByRole('grid', { name: 'Storyboard' });
  await screen.findByText('Shot 1');
  return { grid, services, ids, router };
}

const cellOf = (name: string) => screen.getByText(name).closest('[role="gridcell"]') as HTMLElement;

describe('storyboard', () => {
  it('shows each scene as a header row with its shot count and duration, then its frames', async () => {
    await renderStoryboard();
    const headers = screen.getAllByRole('rowheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      '01INT. LAMP ROOM4 shots · 0:20',
      '02EXT. JETTY1 shot · 0:05',
      'Unassigned1 shot · 0:05',
    ]);
    expect(within(cellOf('Shot 1')).getByText('001')).toBeInTheDocument();
    expect(cellOf('Shot 1')).toHaveAttribute('data-status', 'completed');
    expect(cellOf('Shot 3')).toHaveAttribute('data-status', 'pending');
    expect(within(cellOf('Shot 3')).getByText('Pending')).toBeInTheDocument();
  });

  it('selects with the keyboard and the mouse', async () => {
    const { grid } = await renderStoryboard();
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(cellOf('Shot 1')).toHaveAttribute('aria-selected', 'true');
    expect(grid).toHaveAttribute('aria-activedescendant', cellOf('Shot 1').id);
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    expect(
      screen.getAllByRole('gridcell').filter((c) => c.getAttribute('aria-selected') === 'true'),
    ).toHaveLength(3);
    fireEvent.mouseDown(cellOf('Shot 5'), { button: 0 });
    fireEvent.mouseDown(cellOf('Shot 6'), { button: 0, ctrlKey: true });
    expect(cellOf('Shot 1')).toHaveAttribute('aria-selected', 'false');
    expect(cellOf('Shot 5')).toHaveAttribute('aria-selected', 'true');
    expect(cellOf('Shot 6')).toHaveAttribute('aria-selected', 'true');
  });

  it('deletes the selection after a confirmation, and Ctrl+Z brings it back', async () => {
    const { grid, services } = await renderStoryboard();
    grid.focus();
    fireEvent.mouseDown(cellOf('Shot 2'), { button: 0 });
    act(() => void run(services, 'edit.delete', PAGE));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this shot?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete shot' }));
    await vi.waitFor(() => expect(screen.queryByText('Shot 2')).toBeNull());
    act(() => void run(services, 'edit.undo', PAGE));
    expect(await screen.findByText('Shot 2')).toBeInTheDocument();
  });

  it('a single shot update re-renders only that shot’s cell', async () => {
    const { services, ids } = await renderStoryboard();
    window.__reelbenchCountRenders = true;
    window.__reelbenchRenders = {};
    act(() => {
      services.queryClient.setQueryData<ShotListData>(queryKeys.shots(PROJECT_ID), (list) =>
        list
          ? {
              ...list,
              shots: list.shots.map((shot) => (shot.id === ids[2] ? { ...shot, name: 'Renamed' } : shot)),
            }
          : list,
      );
    });
    expect(await screen.findByText('Renamed')).toBeInTheDocument();
    expect(window.__reelbenchRenders).toEqual({ [ids[2] as string]: 1 });
    // Live progress of one shot re-renders that cell alone, with its percentage on the frame.
    window.__reelbenchRenders = {};
    act(() => shotProgress.set('image', ids[3] as string, { status: 'processing', progress: 40 }));
    expect(within(cellOf('Shot 4')).getByText('Rendering 40%')).toBeInTheDocument();
    expect(window.__reelbenchRenders).toEqual({ [ids[3] as string]: 1 });
    // A failed render says so on the frame, with the error in its title.
    act(() =>
      shotProgress.set('image', ids[3] as string, {
        status: 'failed',
        progress: 0,
        message: 'Provider timed out',
      }),
    );
    expect(cellOf('Shot 4')).toHaveAttribute('data-status', 'failed');
    expect(within(cellOf('Shot 4')).getByText('Failed').parentElement).toHaveAttribute(
      'title',
      'Failed: Provider timed out',
    );
    act(() => shotProgress.set('image', ids[3] as string, undefined));
  });
});
