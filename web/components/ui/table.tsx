import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Gives every body cell the text of its column's header (`data-label`), which the phone layout
 * shows beside the value. Cells that set their own `data-label` keep it.
 */
export function labelCells(table: HTMLTableElement): void {
  const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
  const headers = headerRow
    ? [...headerRow.cells].map((cell) => (cell.textContent ?? '').trim())
    : [];
  for (const body of table.tBodies)
    for (const row of body.rows)
      [...row.cells].forEach((cell, index) => {
        if (cell.dataset.label === undefined || cell.dataset.autoLabel !== undefined) {
          cell.dataset.label = headers[index] ?? '';
          cell.dataset.autoLabel = '';
        }
      });
}

/**
 * The one table of the app (issue 19 §7): daisyUI's table from 640 px wide, scrolling sideways
 * if it must; below 640 px every row becomes a card whose cells are labelled with their column's
 * header (styles.css `.canopy-table`). Screens give it <thead> and <tbody> rows as usual.
 */
export function Table({
  caption,
  children,
  size = 'md',
  busy = false,
  className,
  'data-testid': testId,
}: {
  /** What the table lists (read by screen readers). */
  caption: string;
  children: ReactNode;
  size?: 'sm' | 'md';
  busy?: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLTableElement>(null);
  // Every render may bring new rows: label their cells before the browser paints them.
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  return (
    <div className="sm:overflow-x-auto">
      <table
        ref={ref}
        className={`table canopy-table ${size === 'sm' ? 'table-sm' : ''} ${className ?? ''}`}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
