import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createServices } from '../src/app/services.js';
import { ShotList } from '../src/pages/shots/shot-list-page.js';
import { run } from './action-context.js';
import { renderPage } from './render-page.js';
import { fakeShotsClient, id, makeScene, makeShot, PROJECT_ID, withFakeLayout } from './shots-fixtures.js';

const PAGE = `/project/${PROJECT_ID}/shots`;

withFakeLayout({ width: 1200, height: 800 });

function fakeClient() {
  const shots = [1, 2, 3].map((n) =>
    makeShot({ id: id(500 + n), name: `Shot ${n}`, duration: n + 1, framing: 'wide', prompt: `prompt ${n}` }),
  );
  const scene = makeScene(
    7,
    'INT. LIGHTHOUSE',
    shots.map((shot) => shot.id),
    '#06b6d4',
  );
  const { client, api } = fakeShotsClient(shots, [scene]);
  return { client, update: api.update };
}

async function renderShotList() {
  const { client, update } = fakeClient();
  const services = createServices({ client });
  renderPage(services, `/project/${PROJECT_ID}/shots`, () => <ShotList projectId={PROJECT_ID} />);
  const grid = await screen.findByRole('grid', { name: 'Shot list' });
  await screen.findByText('Shot 1');
  return { grid, update, services };
}

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;
const nameCell = (row: HTMLElement) => within(row).getAllByRole('gridcell')[2] as HTMLElement;

describe('shot list', () => {
  it('is an ARIA grid with sortable column headers and rows numbered for the virtualiser', async () => {
    const { grid } = await renderShotList();
    expect(grid).toHaveAttribute('aria-rowcount', '4');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'No.',
      'Scene',
      'Name',
      'Framing',
      'Duration',
      'Status',
      'Prompt',
    ]);
    expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    expect(rowOf('Shot 2')).toHaveAttribute('aria-rowindex', '3');
    expect(within(rowOf('Shot 1')).getByText('INT. LIGHTHOUSE')).toBeInTheDocument();
  });

  it('edits in place from the keyboard: Enter edits, Escape cancels, Enter commits, Ctrl+Z undoes', async () => {
    const { grid, update, services } = await renderShotList();
    grid.focus();
    // First arrow lands on the first row, in the name column.
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(rowOf('Shot 2')).toHaveAttribute('aria-selected', 'true');
    expect(grid.getAttribute('aria-activedescendant')).toBe(nameCell(rowOf('Shot 2')).id);

    // Enter edits; Escape cancels without a change.
    fireEvent.keyDown(grid, { key: 'Enter' });
    let input = screen.getByRole('textbox', { name: 'Edit name' });
    expect(input).toHaveValue('Shot 2');
    fireEvent.change(input, { target: { value: 'Discarded' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit name' })).toBeNull();
    expect(screen.getByText('Shot 2')).toBeInTheDocument();
    // What was typed went to the save manager as it was typed; Escape sends the name back as it was.
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(update.mock.calls.map(([, fields]) => fields)).toEqual([{ name: 'Shot 2' }]);
    update.mockClear();

    // Enter again, type, Enter commits.
    fireEvent.keyDown(grid, { key: 'Enter' });
    input = screen.getByRole('textbox', { name: 'Edit name' });
    fireEvent.change(input, { target: { value: 'Lamp room, wide' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Lamp room, wide')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith(id(502), { name: 'Lamp room, wide' });

    // An empty name is refused and stays in the editor.
    await act(async () => vi.advanceTimersByTimeAsync(20));
    fireEvent.keyDown(grid, { key: 'Enter' });
    input = screen.getByRole('textbox', { name: 'Edit name' });
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('textbox', { name: 'Edit name' })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Edit name' }), { key: 'Escape' });

    // Undo through the page command Ctrl+Z runs.
    act(() => {
      run(services, 'edit.undo', PAGE);
    });
    expect(await screen.findByText('Shot 2')).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith(id(502), { name: 'Shot 2' });
  });

  it('Tab commits and moves to the next column; a bad duration is refused', async () => {
    const { grid, update } = await renderShotList();
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    // Name → framing → duration.
    expect(grid.getAttribute('aria-activedescendant')).toContain('-duration');
    fireEvent.keyDown(grid, { key: 'Enter' });
    const input = screen.getByRole('textbox', { name: 'Edit duration' });
    expect(input).toHaveValue('2');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '4.5' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(await screen.findByText('4.5 s')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith(id(501), { duration: 4.5 });
    expect(grid.getAttribute('aria-activedescendant')).toContain('-status');
  });

  it('sorts by a column header, through its registered action', async () => {
    const { grid } = await renderShotList();
    const nameHeader = within(grid).getAllByRole('columnheader')[2] as HTMLElement;
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => nameCell(row).textContent)).toEqual(['Shot 3', 'Shot 2', 'Shot 1']);
    fireEvent.click(within(within(grid).getAllByRole('columnheader')[0] as HTMLElement).getByRole('button'));
  });
});
