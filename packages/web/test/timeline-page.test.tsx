import { TOASTS } from '@reelbench/sdk';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/app/queries.js';
import { createServices } from '../src/app/services.js';
import { TimelinePage, timelineZoom } from '../src/pages/timeline/timeline-page.js';
import type { ShotListData } from '../src/shots/editor.js';
import { selectionStore, selectOnly } from '../src/shots/selection.js';
import { Transport } from '../src/timeline/playback.js';
import { formatTimecode } from '../src/timeline/timeline-model.js';
import { run } from './action-context.js';
import { renderPage } from './render-page.js';
import { fakeShotsClient, id, makeScene, makeShot, PROJECT_ID, withFakeLayout } from './shots-fixtures.js';

const PAGE = `/project/${PROJECT_ID}/timeline`;

withFakeLayout({ width: 1200, height: 900 });
beforeEach(() => {
  timelineZoom.set(4);
});

async function renderTimeline(count = 5) {
  const shots = Array.from({ length: count }, (_, i) =>
    makeShot({
      id: id(500 + i),
      name: `Shot ${i + 1}`,
      duration: 2 + i,
      ...(i === 0 ? { image_url: '/frames/0.png' } : {}),
    }),
  );
  const ids = shots.map((shot) => shot.id);
  const scenes = [
    makeScene(1, 'INT. LAMP ROOM', ids.slice(0, 3), '#06b6d4'),
    makeScene(2, 'EXT. JETTY', ids.slice(3)),
  ];
  const save = vi.fn(async () => ({}));
  const { client, api } = fakeShotsClient(shots, scenes, { projects: { save } });
  const { update } = api;
  const services = createServices({ client });
  void services.saves.setProject(PROJECT_ID);
  const transport = new Transport({
    now: () => 0,
    requestFrame: () => 1,
    cancelFrame: () => {},
  });
  renderPage(services, `/project/${PROJECT_ID}/timeline`, () => (
    <TimelinePage projectId={PROJECT_ID} transport={transport} />
  ));
  const track = await screen.findByRole('listbox', { name: 'Video track' });
  await within(track).findByText('Shot 1');
  const order = () =>
    services.queryClient.getQueryData<{ settings: { shotOrder: string[] } }>(queryKeys.project(PROJECT_ID))
      ?.settings.shotOrder;
  const duration = (shotId: string) =>
    services.queryClient
      .getQueryData<ShotListData>(queryKeys.shots(PROJECT_ID))
      ?.shots.find((shot) => shot.id === shotId)?.duration;
  const selection = selectionStore(services.queryClient, PROJECT_ID);
  return { track, services, ids, update, save, transport, order, duration, selection };
}

describe('timeline', () => {
  it('lays the clips out by duration, named, with the scene band and a playhead slider', async () => {
    const { track } = await renderTimeline();
    const options = within(track).getAllByRole('option');
    expect(options).toHaveLength(5);
    // 40 px per second at the default zoom, from a 16 px margin.
    expect(options[1]?.style.transform).toBe('translateX(96px)');
    expect(options[1]?.style.width).toBe('119px');
    expect(options[1]).toHaveAccessibleName(/Shot 002, Shot 2, 3 seconds, Pending/);
    expect(screen.getByRole('list', { name: 'Scenes' })).toHaveTextContent('INT. LAMP ROOM');
    const slider = screen.getByRole('slider', { name: 'Playhead' });
    expect(slider).toHaveAttribute('aria-valuetext', '00:00:00:00');
    expect(slider).toHaveAttribute('aria-valuemax', '20');
  });

  it('steps frames and shots through the page commands, the selection following the shot', async () => {
    const { services, transport, ids, selection } = await renderTimeline();
    act(() => void run(services, 'frame.next', PAGE));
    expect(formatTimecode(transport.time)).toBe('00:00:00:01');
    act(() => void run(services, 'shot.next', PAGE));
    expect(transport.time).toBe(2);
    expect(selection.get().active).toBe(ids[1]);
    act(() => void run(services, 'shot.next', PAGE));
    expect(transport.time).toBe(5);
    act(() => void run(services, 'frame.previous', PAGE));
    expect(formatTimecode(transport.time)).toBe('00:00:04:23');
    act(() => void run(services, 'shot.previous', PAGE));
    expect(transport.time).toBe(2);
    expect(screen.getByRole('slider', { name: 'Playhead' })).toHaveAttribute('aria-valuetext', '00:00:02:00');
    act(() => void run(services, 'zoom.in', PAGE));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[1]?.style.transform).toBe(
      'translateX(176px)',
    );
  });

  it('moves the selected clip with Alt+arrows as an undoable edit, saved with Order Saved', async () => {
    const { track, services, ids, order, selection, save } = await renderTimeline();
    act(() => selection.set(selectOnly(ids[1] as string)));
    fireEvent.keyDown(track, { key: 'ArrowRight', altKey: true });
    expect(order()).toEqual([ids[0], ids[2], ids[1], ids[3], ids[4]]);
    expect(await screen.findByText(/moved later/)).toBeInTheDocument();
    act(() => void run(services, 'edit.undo', PAGE));
    expect(order()).toEqual(ids);
    act(() => void run(services, 'edit.redo', PAGE));
    expect(order()).toEqual([ids[0], ids[2], ids[1], ids[3], ids[4]]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(save).toHaveBeenCalledTimes(1);
    const body = (save.mock.calls[0] as unknown as [string, { settings: { shotOrder: string[] } }])[1];
    expect(body.settings.shotOrder).toEqual([ids[0], ids[2], ids[1], ids[3], ids[4]]);
    expect(services.toasts.store.get().some((toast) => toast.title === TOASTS.orderSaved.title)).toBe(true);
  });

  it('trims the selected clip by one frame with Alt+Shift+arrows, undoably and persisted', async () => {
    const { track, services, ids, duration, selection, update } = await renderTimeline();
    act(() => selection.set(selectOnly(ids[0] as string)));
    fireEvent.keyDown(track, { key: 'ArrowLeft', altKey: true, shiftKey: true });
    expect(duration(ids[0] as string)).toBeCloseTo(2 - 1 / 24);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(update).toHaveBeenCalledWith(ids[0], { duration: 2 - 1 / 24 });
    expect(within(track).getAllByRole('option')[0]).toHaveTextContent('1s 23f');
    act(() => void run(services, 'edit.undo', PAGE));
    expect(duration(ids[0] as string)).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(update).toHaveBeenLastCalledWith(ids[0], { duration: 2 });
  });

  it('keeps only the clips in view in the document for 2,000 shots', async () => {
    const { track, services, transport } = await renderTimeline(2000);
    const mounted = within(track).getAllByRole('option').length;
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(60);
    act(() => void run(services, 'zoom.out', PAGE));
    act(() => void run(services, 'zoom.out', PAGE));
    act(() => void run(services, 'zoom.out', PAGE));
    expect(within(track).getAllByRole('option').length).toBeLessThan(200);
    expect(transport.time).toBe(0);
  });

  it('plays and pauses with the playback command', async () => {
    const { services, transport } = await renderTimeline();
    act(() => void run(services, 'playback.toggle', PAGE));
    expect(transport.playing).toBe(true);
    expect(document.querySelector('[data-action="playback.toggle"]')).toHaveAttribute('aria-pressed', 'true');
    act(() => void run(services, 'playback.toggle', PAGE));
    expect(transport.playing).toBe(false);
  });

  it('makes a scene of the selected clips, renames and recolours it in the dialog, moves it, and undoes', async () => {
    const { services, ids, order, selection } = await renderTimeline();
    const scenes = () =>
      services.queryClient.getQueryData<{
        settings: { scenes: { name: string; color: string; shotIds: string[] }[] };
      }>(queryKeys.project(PROJECT_ID))?.settings.scenes ?? [];
    act(() =>
      selection.set({
        ids: new Set([ids[1] as string, ids[2] as string]),
        anchor: ids[1] as string,
        active: ids[1] as string,
      }),
    );
    act(() => void run(services, 'scene.create', PAGE));
    expect(scenes().map((scene) => scene.name)).toEqual(['INT. LAMP ROOM', 'Scene', 'EXT. JETTY']);
    expect(scenes()[1]?.shotIds).toEqual([ids[1], ids[2]]);
    // The new scene's dialog opens on its name.
    const dialog = await screen.findByRole('dialog', { name: 'Scene 02' });
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'INT. STAIRS' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Indigo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save scene' }));
    expect(scenes()[1]).toMatchObject({ name: 'INT. STAIRS', color: '#6366f1' });
    expect(screen.getByRole('list', { name: 'Scenes' })).toHaveTextContent('INT. STAIRS');

    act(() => void run(services, 'scene.moveLater', PAGE));
    expect(scenes().map((scene) => scene.name)).toEqual(['INT. LAMP ROOM', 'EXT. JETTY', 'INT. STAIRS']);
    expect(order()).toEqual([ids[0], ids[3], ids[4], ids[1], ids[2]]);
    act(() => void run(services, 'edit.undo', PAGE));
    expect(order()).toEqual(ids);
    act(() => void run(services, 'edit.undo', PAGE));
    expect(scenes()[1]).toMatchObject({ name: 'Scene' });
  }, 30_000);

  it('lays the shots end to end unless preserve timing is on, a toggle kept in the settings', async () => {
    const { services, track } = await renderTimeline();
    const xs = () =>
      within(track)
        .getAllByRole('option')
        .map((option) => option.style.transform);
    expect(xs()[1]).toBe('translateX(96px)');
    const toggle = screen.getByRole('button', { name: 'Preserve timing' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    act(() => void run(services, 'timeline.preserveTiming', PAGE));
    // The fixture's shots are all stored at start_time 0: each keeps it.
    expect(xs()[1]).toBe('translateX(16px)');
    expect(screen.getByRole('button', { name: 'Preserve timing' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      services.queryClient.getQueryData<{ settings: { preserveTiming?: boolean } }>(
        queryKeys.project(PROJECT_ID),
      )?.settings.preserveTiming,
    ).toBe(true);
    act(() => void run(services, 'edit.undo', PAGE));
    expect(xs()[1]).toBe('translateX(96px)');
  }, 30_000);
});
