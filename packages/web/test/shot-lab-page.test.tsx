import type { Asset, Reelbench } from '@reelbench/sdk';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/app/queries.js';
import { createServices } from '../src/app/services.js';
import { labShotId, movedTo, nudged } from '../src/pages/shot-lab/lab-model.js';
import { ShotLabPage } from '../src/pages/shot-lab/shot-lab-page.js';
import type { ShotListData } from '../src/shots/editor.js';
import { contextAt, run } from './action-context.js';
import { renderPage } from './render-page.js';
import { fakeShotsApi, id, makeProject, makeShot, PROJECT_ID } from './shots-fixtures.js';

const PAGE = `/project/${PROJECT_ID}/shot-lab`;

describe('placements', () => {
  const placement = { assetId: id(1), position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 };
  it('nudges inside the frame', () => {
    expect(nudged(placement, 0.01, 0).position).toEqual({ x: 0.51, y: 0.5 });
    expect(nudged(placement, 0, -0.1).position).toEqual({ x: 0.5, y: 0.4 });
    expect(nudged(movedTo(placement, 0.98, 0.02), 0.1, -0.1).position).toEqual({ x: 1, y: 0 });
  });
  it('opens ?shot=, else the selected shot, else the first', () => {
    expect(labShotId(['a', 'b'], 'b', 'a')).toBe('b');
    expect(labShotId(['a', 'b'], 'zz', 'b')).toBe('b');
    expect(labShotId(['a', 'b'], undefined, null)).toBe('a');
    expect(labShotId([], undefined, null)).toBeUndefined();
  });
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

async function renderLab() {
  const asset = { id: id(900), type: 'character', name: 'JUNE' } as Asset;
  const shots = [
    makeShot({
      id: id(1),
      name: 'Pier',
      image_url: '/frames/1.png',
      assets: [{ assetId: asset.id, position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 }],
    }),
    makeShot({ id: id(2), name: 'Cabin' }),
  ];
  const ids = shots.map((shot) => shot.id);
  const generateWithQuality = vi.fn(async () => ({
    jobId: id(77),
    shot: { ...shots[1], image_url: '/frames/q.png' },
    attempts: 2,
    score: 7.5,
    passed: true,
  }));
  const take = {
    id: id(500),
    shotId: id(1),
    kind: 'image' as const,
    generation: 'shot:generate',
    replacedBy: 'shot:generate',
    image_url: '/frames/earlier.png',
    video_url: null,
    s3_image_key: 'projects/p/shots/s/earlier.png',
    s3_video_key: null,
    createdAt: '2026-11-25T10:00:00.000Z',
  };
  const getTakes = vi.fn(async (shotId: string) => ({ shotId, takes: shotId === id(1) ? [take] : [] }));
  const restoreTake = vi.fn(async (shotId: string) => ({
    shotId,
    shot: { ...shots[0], image_url: '/frames/earlier.png', s3_image_key: take.s3_image_key },
    takes: [{ ...take, id: id(501), replacedBy: 'shot:useTake', image_url: '/frames/1.png' }],
  }));
  const api = fakeShotsApi(shots, { generateWithQuality, getTakes, restoreTake });
  const { update } = api;
  const client = {
    socket: undefined,
    shots: api,
    assets: { listByProject: vi.fn(async () => [asset]) },
    projects: { get: vi.fn(async () => makeProject([], ids)) },
  } as unknown as Reelbench;
  const services = createServices({ client });
  const { router } = renderPage(services, `/project/${PROJECT_ID}/shot-lab?shot=${ids[0]}`, () => (
    <ShotLabPage projectId={PROJECT_ID} />
  ));
  await screen.findByRole('heading', { name: /Shot lab/ });
  const shot = (shotId: string) =>
    services.queryClient
      .getQueryData<ShotListData>(queryKeys.shots(PROJECT_ID))
      ?.shots.find((candidate) => candidate.id === shotId);
  return { services, ids, update, shot, router, generateWithQuality, getTakes, restoreTake };
}

describe('shot lab', () => {
  it('nudges the focused placement with the arrow keys as undoable, saved edits', async () => {
    const { services, ids, update, shot } = await renderLab();
    const box = await screen.findByRole('button', { name: /JUNE character at 50% across, 50% down/ });
    act(() => box.focus());
    act(() => void run(services, 'frame.next', PAGE));
    expect(shot(ids[0] as string)?.assets[0]?.position).toEqual({ x: 0.51, y: 0.5 });
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    expect(shot(ids[0] as string)?.assets[0]?.position).toEqual({ x: 0.51, y: 0.6 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(update).toHaveBeenLastCalledWith(ids[0], {
      assets: [{ assetId: expect.any(String), position: { x: 0.51, y: 0.6 }, scale: 1, rotation: 0 }],
    });
    act(() => void run(services, 'edit.undo', PAGE));
    expect(shot(ids[0] as string)?.assets[0]?.position).toEqual({ x: 0.51, y: 0.5 });
  });

  it('edits a field through the editor and goes to the next shot with Shift+Right', async () => {
    const { services, ids, update, shot, router } = await renderLab();
    const name = screen.getByLabelText('Name');
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Pier at night' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(shot(ids[0] as string)?.name).toBe('Pier at night');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(update).toHaveBeenCalledWith(ids[0], { name: 'Pier at night' });
    act(() => void run(services, 'shot.next', PAGE));
    expect(router.state.location.search).toMatchObject({ shot: ids[1] });
    expect(await screen.findByDisplayValue('Cabin')).toBeInTheDocument();
  });

  it('shows the score of a generation with quality', async () => {
    const { services, generateWithQuality } = await renderLab();
    const action = services.registry.get('shotLab.generateWithQuality');
    await act(async () => {
      await action?.perform(contextAt(services, PAGE));
    });
    expect(generateWithQuality).toHaveBeenCalledWith(expect.objectContaining({ minScore: 6, maxRetries: 3 }));
    expect(screen.getByText(/best score/)).toHaveTextContent('7.5 / 10 after 2 attempts');
  });

  it("lists the shot's takes and restores the chosen one with Use this take", async () => {
    const { services, ids, shot, getTakes, restoreTake } = await renderLab();
    const group = await screen.findByRole('radiogroup', { name: 'Takes, newest first' });
    expect(getTakes).toHaveBeenCalledWith(ids[0]);
    const radio = screen.getByRole('radio');
    expect(radio).toBeChecked();
    expect(group).toHaveTextContent('Image');
    expect(group).toHaveTextContent('Generated');
    const button = screen.getByRole('button', { name: 'Use this take' });
    expect(button).toBeEnabled();
    const action = services.registry.get('shotLab.useTake');
    await act(async () => {
      await action?.perform(contextAt(services, PAGE));
    });
    expect(restoreTake).toHaveBeenCalledWith(ids[0], id(500));
    expect(shot(ids[0] as string)?.image_url).toBe('/frames/earlier.png');
    expect(await screen.findByText(/Take restored/)).toBeInTheDocument();
  });
});
