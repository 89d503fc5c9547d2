import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gridColumns, useGridColumns } from '../src/ui/grid-columns.js';

const SPACING = { padX: 0, gap: 16, minCell: 190 };

/** A page that shows a placeholder while it loads, then the grid (as the asset page does). */
function Grid({ loading }: { loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { columns } = useGridColumns(ref, SPACING);
  if (loading) return <p>Loading…</p>;
  return (
    <div ref={ref} data-testid="grid">
      {columns} columns
    </div>
  );
}

describe('useGridColumns', () => {
  afterEach(() => vi.restoreAllMocks());

  it('measures a grid that appears after the first render (not one narrow column)', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const { rerender } = render(<Grid loading />);
    rerender(<Grid loading={false} />);
    expect(screen.getByTestId('grid').textContent).toBe(`${gridColumns(1000, SPACING).columns} columns`);
    expect(gridColumns(1000, SPACING).columns).toBe(4);
  });

  it('shares the width between as many cells as fit, at least one', () => {
    expect(gridColumns(0, SPACING)).toEqual({ columns: 1, cellWidth: 190 });
    expect(gridColumns(412, SPACING)).toEqual({ columns: 2, cellWidth: 198 });
  });
});
