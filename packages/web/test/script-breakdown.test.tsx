import '@testing-library/jest-dom/vitest';
import type { ScriptAnalysis } from '@reelbench/sdk';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BreakdownPanel, sceneAt } from '../src/pages/script/breakdown-panel.js';
import { formatDuration, quickBreakdown } from '../src/pages/script/quick-breakdown.js';
import { createStore } from '../src/state/store.js';

// The panel's buttons run registered actions; here they only need to render.
vi.mock('../src/shell/action-button.js', () => ({
  ActionButton: ({ actionId, children }: { actionId: string; children?: unknown }) => (
    <button type="button" data-action={actionId}>
      {(children as string | undefined) ?? actionId}
    </button>
  ),
  ActionIconButton: ({ actionId }: { actionId: string }) => (
    <button type="button" data-action={actionId}>
      {actionId}
    </button>
  ),
}));

const SCRIPT = [
  'INT. DINER - NIGHT', //  1
  '', //                    2
  'Rain streaks the windows.', // 3
  '', //                    4
  'JOE', //                 5
  'You still here?', //     6
  '', //                    7
  'LENA', //                8
  'Somebody has to close.', // 9
  '', //                    10
  'EXT. PARKING LOT - CONTINUOUS', // 11
  '', //                    12
  'JOE', //                 13
  'Go home.', //            14
].join('\n');

describe('quickBreakdown', () => {
  it('counts scenes with their lines, characters, words and reading time (SPEC.md §5)', () => {
    const quick = quickBreakdown(SCRIPT);
    expect(quick.scenes).toEqual(['INT. DINER - NIGHT', 'EXT. PARKING LOT - CONTINUOUS']);
    expect(quick.sceneLines).toEqual([
      { heading: 'INT. DINER - NIGHT', line: 1 },
      { heading: 'EXT. PARKING LOT - CONTINUOUS', line: 11 },
    ]);
    expect(quick.characters).toEqual(['JOE', 'LENA']);
    expect(quick.wordCount).toBe(25);
    expect(quick.readingTimeMinutes).toBe(1);
  });

  it('rounds reading time up at 200 words a minute and keeps at most 10 names', () => {
    expect(quickBreakdown('word '.repeat(200)).readingTimeMinutes).toBe(1);
    expect(quickBreakdown('word '.repeat(201)).readingTimeMinutes).toBe(2);
    expect(quickBreakdown('').readingTimeMinutes).toBe(0);
    const names = Array.from({ length: 12 }, (_, i) => `NAME${'ABCDEFGHIJKL'[i]}`.replace(/\d/g, ''));
    expect(quickBreakdown(names.join('\n\n')).characters).toHaveLength(10);
  });

  it('formats screen time', () => {
    expect(formatDuration(40)).toBe('0:40');
    expect(formatDuration(95)).toBe('1:35');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

const analysis: ScriptAnalysis = {
  scenes: [
    {
      number: 1,
      heading: 'INT. DINER - NIGHT',
      intExt: 'INT',
      location: 'DINER',
      timeOfDay: 'NIGHT',
      page: 1,
      eighths: '3/8',
      lengthEighths: 3,
      wordCount: 12,
      characters: ['JOE', 'LENA'],
      line: 1,
    },
  ],
  characters: [
    {
      name: 'JOE',
      dialogueLines: 2,
      speeches: 2,
      words: 5,
      scenes: [1, 2],
      firstAppearance: { scene: 1, line: 5 },
    },
    {
      name: 'LENA',
      dialogueLines: 3,
      speeches: 1,
      words: 4,
      scenes: [1],
      firstAppearance: { scene: 1, line: 8 },
    },
  ],
  locations: [
    { name: 'DINER', scenes: [1] },
    { name: 'PARKING LOT', scenes: [2, 3] },
  ],
  pageCount: 2,
  pages: 1.4,
  estimatedScreenTimeSeconds: 95,
  wordCount: 25,
  readingTimeMinutes: 1,
};

function stat(container: HTMLElement, label: string): string {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

type PanelProps = Parameters<typeof BreakdownPanel>[0];

/** The panel over SCRIPT's quick breakdown, no problems, no server analysis; `props` override any of them. */
function breakdownPanel(props: Partial<PanelProps> = {}) {
  return (
    <BreakdownPanel
      quick={quickBreakdown(SCRIPT)}
      problems={[]}
      analysis={null}
      analysing={false}
      onJump={() => {}}
      {...props}
    />
  );
}

/** The buttons in `container` read `texts`, and a click on the one at `index` calls `onJump` with `line`. */
function expectJumpButtons(
  container: HTMLElement,
  texts: string[],
  onJump: ReturnType<typeof vi.fn>,
  click: { index: number; line: number },
) {
  const buttons = within(container).getAllByRole('button');
  expect(buttons.map((button) => button.textContent)).toEqual(texts);
  fireEvent.click(buttons[click.index] as HTMLElement);
  expect(onJump).toHaveBeenCalledWith(click.line);
}

describe('BreakdownPanel', () => {
  it('shows the quick helper numbers, the scenes and the characters', () => {
    const onJump = vi.fn();
    render(breakdownPanel({ onJump }));
    const panel = screen.getByRole('complementary', { name: 'Breakdown' });
    const stats = screen.getByTestId('quick-stats');
    expect(stat(stats, 'Scenes')).toBe('2');
    expect(stat(stats, 'Characters')).toBe('2');
    expect(stat(stats, 'Words')).toBe('25');
    expect(stat(stats, 'Reading time')).toBe('1min');
    const scenes = within(panel).getByRole('region', { name: /Scenes/ });
    expectJumpButtons(
      scenes,
      ['1INT. DINER - NIGHTline 1', '2EXT. PARKING LOT - CONTINUOUSline 11'],
      onJump,
      { index: 1, line: 11 },
    );
    const characters = within(panel).getByRole('region', { name: /Characters/ });
    expect(
      within(characters)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['JOE', 'LENA']);
    expect(within(panel).queryByRole('region', { name: /Problems/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Run full analysis' })).toHaveAttribute(
      'data-action',
      'script.analyse',
    );
  });

  it('lists problems with their lines; a click jumps', () => {
    const onJump = vi.fn();
    render(
      breakdownPanel({
        quick: quickBreakdown(''),
        problems: [
          {
            line: 4,
            severity: 'warning',
            code: 'CUE_WITHOUT_DIALOGUE',
            message: 'Character cue JOE has no dialogue',
          },
          {
            line: 9,
            severity: 'error',
            code: 'UNCLOSED_NOTE',
            message: 'Note opened with [[ is never closed with ]]',
          },
        ],
        onJump,
      }),
    );
    expectJumpButtons(
      screen.getByRole('region', { name: /Problems/ }),
      [
        'Warning: Character cue JOE has no dialogueLine 4',
        'Error: Note opened with [[ is never closed with ]]Line 9',
      ],
      onJump,
      { index: 1, line: 9 },
    );
    expect(
      screen.getByText('Scenes appear here as you write headings that start with INT. or EXT.'),
    ).toBeVisible();
  });

  it("shows the server's analysis in its own section, and says when it is out of date", () => {
    const { rerender } = render(breakdownPanel({ analysis: { result: analysis, stale: false } }));
    const server = screen.getByRole('region', { name: /Full analysis/ });
    expect(within(server).getByText('from the server')).toBeVisible();
    expect(stat(server, 'Pages')).toBe('2');
    expect(stat(server, 'Screen time')).toBe('1:35');
    expect(stat(server, 'Scenes')).toBe('1');
    const rows = within(server)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['LENA31', 'JOE22']);
    expect(
      within(server)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PARKING LOT2 scenes', 'DINER1 scene']);
    expect(within(server).queryByText('The script has changed since this analysis.')).toBeNull();
    rerender(breakdownPanel({ analysis: { result: analysis, stale: true } }));
    expect(screen.getByText('The script has changed since this analysis.')).toBeVisible();
  });
});

describe('BreakdownPanel with many problems', () => {
  it('lists the first hundred and says how many more there are', () => {
    const problems = Array.from({ length: 130 }, (_, index) => ({
      line: index + 1,
      severity: 'warning' as const,
      code: 'CUE_WITHOUT_DIALOGUE',
      message: `Character cue C${index} has no dialogue`,
    }));
    render(breakdownPanel({ quick: quickBreakdown(''), problems }));
    const section = screen.getByRole('region', { name: /Problems/ });
    expect(within(section).getAllByRole('button')).toHaveLength(100);
    expect(within(section).getByText('and 30 more after line 100')).toBeVisible();
    expect(within(section).getByRole('heading').textContent).toBe('Problems130');
  });
});

describe('the scene under the cursor', () => {
  const scenes = quickBreakdown(SCRIPT).sceneLines;

  it('is the last scene starting at or before the line', () => {
    expect(sceneAt(scenes, 0)).toBe(-1);
    expect(sceneAt(scenes, 1)).toBe(0);
    expect(sceneAt(scenes, 10)).toBe(0);
    expect(sceneAt(scenes, 11)).toBe(1);
    expect(sceneAt(scenes, 400)).toBe(1);
  });

  it('is marked in the list as the cursor moves', () => {
    const cursor = createStore({ line: 3, column: 1 });
    render(breakdownPanel({ cursorLine: cursor }));
    const rows = within(screen.getByRole('region', { name: /Scenes/ })).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual(['location', null]);
    act(() => cursor.set({ line: 12, column: 4 }));
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'location']);
  });
});
