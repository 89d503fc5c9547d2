import '@testing-library/jest-dom/vitest';
import type { Reelbench } from '@reelbench/sdk';
import type { Cut, CutComparisonReply, CutSummary } from '@reelbench/sdk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/services.js';
import { cutsUi } from '../src/cuts/cut-actions.js';
import { CutPage } from '../src/pages/edl/cut/cut-page.js';
import { CutsPage } from '../src/pages/edl/cuts-page.js';
import { renderPage } from './render-page.js';
import { id, PROJECT_ID } from './shots-fixtures.js';

// Radix Select asks for pointer capture and scrolls its items into view: jsdom has neither.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

const CUT_1 = id(901);
const CUT_2 = id(902);

function cut(cutId: string, version: number, order: number[]): Cut {
  const durations = [48, 36, 60];
  return {
    id: cutId,
    projectId: PROJECT_ID,
    name: `Assembly ${version}`,
    version,
    frameRate: 24,
    events: order.map((shot, index) => ({
      shotId: id(600 + shot),
      take: 1,
      clipName: `Shot ${shot + 1}`,
      sourceIn: 0,
      sourceOut: durations[shot] ?? 24,
      duration: durations[shot] ?? 24,
      transition: index === 2 ? { type: 'dissolve', frames: 12 } : { type: 'cut' },
      markers: shot === 1 ? [{ frame: 12, text: 'Hold longer' }] : [],
    })),
    createdAt: '2026-11-25T11:00:00.000Z',
    updatedAt: '2026-11-25T11:00:00.000Z',
  };
}

const summary = (entry: Cut): CutSummary => ({
  id: entry.id,
  projectId: entry.projectId,
  name: entry.name,
  version: entry.version,
  frameRate: entry.frameRate,
  eventCount: entry.events.length,
  durationFrames: entry.events.reduce((total, event) => total + event.duration, 0),
  hasSoundtrack: false,
  createdAt: entry.createdAt,
  updatedAt: entry.updatedAt,
});

const COMPARISON: CutComparisonReply = {
  events: [
    {
      shotId: id(601),
      clipName: 'Shot 2',
      status: 'kept',
      moved: true,
      durationDelta: 0,
      retimed: false,
      before: { index: 1, duration: 36, transition: { type: 'cut' } },
      after: { index: 0, duration: 36, transition: { type: 'cut' } },
    },
    {
      shotId: id(600),
      clipName: 'Shot 1',
      status: 'kept',
      moved: false,
      durationDelta: 0,
      retimed: false,
      before: { index: 0, duration: 48, transition: { type: 'cut' } },
      after: { index: 1, duration: 48, transition: { type: 'cut' } },
    },
  ],
  durationDelta: 0,
  changed: true,
};

function setup() {
  const first = cut(CUT_1, 1, [0, 1, 2]);
  const second = cut(CUT_2, 2, [1, 0, 2]);
  const cuts = {
    list: vi.fn(async () => [summary(second), summary(first)]),
    get: vi.fn(async (_projectId: string, cutId: string) => (cutId === CUT_1 ? first : second)),
    compare: vi.fn(async () => COMPARISON),
    export: vi.fn(),
    storyboardPdf: vi.fn(),
    import: vi.fn(),
    rename: vi.fn(),
    delete: vi.fn(),
    create: vi.fn(),
  };
  const client = {
    socket: undefined,
    cuts,
    projects: { get: vi.fn(async () => ({ id: PROJECT_ID, name: 'Cut Tour' })) },
  } as unknown as Reelbench;
  const services = createServices({ client });
  return { services, cuts };
}

describe('the cut page', { timeout: 30_000 }, () => {
  it("lists the events with timecodes at the cut's rate, and again at another rate", async () => {
    const { services } = setup();
    renderPage(services, `/project/${PROJECT_ID}/edl/${CUT_2}`, () => (
      <CutPage projectId={PROJECT_ID} cutId={CUT_2} />
    ));
    const table = await screen.findByRole('table', { name: 'Events of Assembly 2 v2' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '001',
        'Shot 2',
        '1',
        '00:00:00:00',
        '00:00:01:12',
        '01:00:00:00',
        '01:00:01:12',
        '36',
        'Cut',
        '00:00:00:12 Hold longer',
      ],
      ['002', 'Shot 1', '1', '00:00:00:00', '00:00:02:00', '01:00:01:12', '01:00:03:12', '48', 'Cut', '—'],
      [
        '003',
        'Shot 3',
        '1',
        '00:00:00:00',
        '00:00:02:12',
        '01:00:03:12',
        '01:00:06:00',
        '60',
        'Dissolve 12 fr',
        '—',
      ],
    ]);
    expect(cutsUi(services).get().current).toEqual({ id: CUT_2, name: 'Assembly 2', version: 2 });

    cutsUi(services).set((state) => ({ ...state, frameRate: 25 }));
    // 1.5 s is 37.5 frames at 25: the record boundary rounds, the record stays continuous.
    const cellAt = (row: number, cell: number) =>
      within(within(table).getAllByRole('row')[row] as HTMLElement).getAllByRole('cell')[cell];
    await waitFor(() => expect(cellAt(1, 6)).toHaveTextContent('01:00:01:13'));
    const at25 = within(table).getAllByRole('row').slice(1);
    expect(within(at25[2] as HTMLElement).getAllByRole('cell')[6]).toHaveTextContent('01:00:06:00');
    expect(within(at25[1] as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent('01:00:01:13');
  });

  it('compares with another version: the older one first, the summary and the moved shot', async () => {
    const { services, cuts } = setup();
    renderPage(services, `/project/${PROJECT_ID}/edl/${CUT_2}`, () => (
      <CutPage projectId={PROJECT_ID} cutId={CUT_2} />
    ));
    const picker = await screen.findByRole('combobox', { name: 'Compare with version' });
    await waitFor(() => expect(picker).toBeEnabled());
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'v1 · Assembly 1' }));
    expect(await screen.findByRole('heading', { name: 'v1 → v2' })).toBeInTheDocument();
    expect(cuts.compare).toHaveBeenCalledWith(PROJECT_ID, CUT_1, CUT_2);
    expect(
      screen.getByText('1 moved · 0 longer · 0 shorter · 0 added · 0 removed · 0 fr overall'),
    ).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes from v1 to v2' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('MovedShot 2002 → 00136 → 36 fr (0)');
  });
});

describe('importing an edited list', { timeout: 30_000 }, () => {
  it('previews the picked file (nothing saved), applies it on request and reports the new version and its unmatched clips', async () => {
    const { services, cuts } = setup();
    const imported = cut(id(903), 3, [2, 0]);
    cuts.import.mockImplementation(
      async (
        _project: string,
        _cut: string,
        _format: string,
        _text: string,
        options?: { dryRun?: boolean },
      ) => ({
        ...(options?.dryRun ? { dryRun: true } : {}),
        cut: imported,
        unmatched: [{ line: 7, clipName: 'STRANGER', reason: 'No shot id in the clip' }],
        removed: [],
        notes: [],
      }),
    );
    renderPage(services, `/project/${PROJECT_ID}/edl/${CUT_2}`, () => (
      <CutPage projectId={PROJECT_ID} cutId={CUT_2} />
    ));
    await screen.findByRole('table', { name: 'Events of Assembly 2 v2' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const edl = 'TITLE: Assembly 2\nFCM: NON-DROP FRAME\n';
    fireEvent.change(input, { target: { files: [new File([edl], 'assembly.edl', { type: 'text/plain' })] } });
    const preview = await screen.findByRole('dialog', { name: 'Import assembly.edl?' });
    expect(cuts.import).toHaveBeenCalledWith(PROJECT_ID, CUT_2, 'edl', edl, { dryRun: true });
    expect(within(preview).getByRole('list', { name: 'What the import changes' })).toHaveTextContent(
      'line 7 STRANGER: No shot id in the clip',
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply as v3' }));
    const report = await screen.findByRole('status', { name: 'Imported as v3' });
    expect(cuts.import).toHaveBeenLastCalledWith(PROJECT_ID, CUT_2, 'edl', edl);
    expect(report).toHaveTextContent('2 events · 1 unmatched · 0 removed.');
    expect(within(report).getByRole('list', { name: 'Unmatched clips' })).toHaveTextContent(
      'line 7 STRANGER: No shot id in the clip',
    );
    expect(within(report).getByRole('link', { name: 'Open v3' })).toBeInTheDocument();

    fireEvent.change(input, {
      target: { files: [new File(['{"OTIO_SCHEMA": "Timeline.1"}'], 'assembly.otio')] },
    });
    await waitFor(() => expect(cuts.import).toHaveBeenCalledTimes(3));
    expect(cuts.import).toHaveBeenLastCalledWith(PROJECT_ID, CUT_2, 'otio', '{"OTIO_SCHEMA": "Timeline.1"}', {
      dryRun: true,
    });
  });
});

describe('the cuts list', { timeout: 30_000 }, () => {
  it('lists every version with its length and opens rename and delete for the row', async () => {
    const { services } = setup();
    renderPage(services, `/project/${PROJECT_ID}/edl`, () => <CutsPage projectId={PROJECT_ID} />);
    const table = await screen.findByRole('table', { name: 'Cuts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Assembly 2v2300:00:06:0024 fps'),
      expect.stringContaining('Assembly 1v1300:00:06:0024 fps'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Assembly 1 v1' }));
    expect(await screen.findByRole('dialog', { name: 'Delete “Assembly 1” v1?' })).toBeInTheDocument();
    expect(cutsUi(services).get().dialog).toEqual({
      kind: 'delete',
      cut: { id: CUT_1, name: 'Assembly 1', version: 1 },
    });
  });
});
