import type { HTMLAttributes, Key, ReactNode } from 'react';

/** One column: its header, and what each row shows in it. */
export interface DataColumn<T> {
  header: ReactNode;
  /** The label a cell carries on a phone (defaults to the header when that is text). */
  label?: string;
  cell: (row: T) => ReactNode;
  /** Classes of the header and the cells (alignment, nowrap). */
  className?: string;
}

/**
 * The one data table of the app (issue 19 §7): a daisyUI table from 640 px wide; below that
 * every row is a card whose cells are labelled with their column's header (`data-label`), so no
 * screen scrolls sideways on a phone. The header row stays for assistive technology.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  busy = false,
  ...rest
}: {
  /** What the table lists (read by screen readers). */
  caption: string;
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Extra attributes of a row (a test id, say). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  busy?: boolean;
  'data-testid'?: string;
}) {
  return (
    <div className="sm:overflow-x-auto">
      <table
        className="table max-sm:block max-sm:[&_tbody]:flex max-sm:[&_tbody]:flex-col max-sm:[&_tbody]:gap-3"
        aria-busy={busy || undefined}
        data-testid={rest['data-testid']}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-sm:flex max-sm:flex-col max-sm:rounded-box max-sm:border max-sm:border-base-content/20 max-sm:p-3"
              {...rowProps?.(row)}
            >
              {columns.map((column, index) => (
                <td
                  key={index}
                  data-label={
                    column.label ?? (typeof column.header === 'string' ? column.header : '')
                  }
                  className={`max-sm:grid max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:gap-2 max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:whitespace-normal max-sm:before:font-semibold max-sm:before:text-base-content/80 max-sm:before:content-[attr(data-label)] ${column.className ?? ''}`}
                >
                  <div className="min-w-0">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
