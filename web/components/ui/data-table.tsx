import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Table } from './table';

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
 * A table described by its columns, on the kit's one `Table` (a card per row below 640 px, each
 * cell labelled with its column's header).
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
    <Table caption={caption} busy={busy} data-testid={rest['data-testid']}>
      <thead>
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
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column, index) => (
              <td
                key={index}
                data-label={
                  column.label ?? (typeof column.header === 'string' ? column.header : undefined)
                }
                className={column.className}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
