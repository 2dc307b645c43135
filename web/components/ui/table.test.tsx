// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { Table } from './table';

afterEach(cleanup);

describe('the kit table', () => {
  it('labels every body cell with its column header, for the cards below 640 px', () => {
    const { rerender } = render(
      <Table caption="Stock">
        <thead>
          <tr>
            <th scope="col">Species</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Neem</th>
            <td>Edit</td>
          </tr>
        </tbody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Stock' });
    expect(table).toHaveClass('canopy-table');
    expect(screen.getByRole('rowheader', { name: 'Neem' })).toHaveAttribute(
      'data-label',
      'Species',
    );
    expect(screen.getByText('Edit')).toHaveAttribute('data-label', 'Actions');
    // Rows added later are labelled too.
    rerender(
      <Table caption="Stock">
        <thead>
          <tr>
            <th scope="col">Species</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Mango</td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(screen.getByText('Mango')).toHaveAttribute('data-label', 'Species');
  });

  it('DataTable takes its labels from the columns', () => {
    render(
      <DataTable
        caption="Fruit"
        rows={[{ id: 'a', name: 'Guava' }]}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: <abbr title="Quantity">Qty</abbr>, label: 'Quantity', cell: () => 3 },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByText('Guava').closest('td')).toHaveAttribute('data-label', 'Name');
    expect(screen.getByText('3').closest('td')).toHaveAttribute('data-label', 'Quantity');
  });
});

describe('the kit table wraps between words (issue 23 §4)', () => {
  // jsdom lays nothing out: the rule itself is checked here, its effect in layout-fixes.spec.ts.
  const css = readFileSync(join(process.cwd(), 'web/styles.css'), 'utf8');
  const tableRules = [...css.matchAll(/\.canopy-table[^{]*\{([^}]*)\}/g)].map((m) => m[1]!);

  it('never lets a cell break anywhere inside a word', () => {
    for (const rule of tableRules) {
      expect(rule).not.toMatch(/overflow-wrap:\s*anywhere/);
      expect(rule).not.toMatch(/word-break:\s*break-all/);
    }
    expect(tableRules.some((r) => /overflow-wrap:\s*break-word/.test(r))).toBe(true);
  });
});
