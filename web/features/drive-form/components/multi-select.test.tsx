// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MultiSelect } from './multi-select';
import { TagInput } from './tag-input';

const OPTIONS = [
  { value: '1', label: 'Neem' },
  { value: '2', label: 'Aam (Mango)' },
  { value: '3', label: 'Amrood (Guava)' },
];

function Harness({ onSubmit }: { onSubmit?: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
      onKeyDown={(event) => {
        // Stands in for the modal: an Escape that reaches it would close it.
        if (event.key === 'Escape') onSubmit?.();
      }}
    >
      <MultiSelect
        label="Tree Type"
        name="treesType"
        options={OPTIONS}
        selected={selected}
        onChange={setSelected}
        chipsLabel="Chosen tree types"
      />
    </form>
  );
}

afterEach(cleanup);

describe('MultiSelect', () => {
  it('is a labelled combobox whose listbox is keyboard operable', async () => {
    const user = userEvent.setup();
    const outside = vi.fn();
    render(<Harness onSubmit={outside} />);
    const box = screen.getByRole('combobox', { name: 'Tree Type' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Tree Type' });
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[1]!.id,
    );
    await user.keyboard('{Enter}');
    expect(within(list).getByRole('option', { name: /Mango/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const chips = screen.getByRole('list', { name: 'Chosen tree types' });
    expect(within(chips).getByText('Aam (Mango)')).toBeInTheDocument();
    expect(outside).not.toHaveBeenCalled(); // Enter chose; it did not submit.

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Chosen tree types' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(outside).not.toHaveBeenCalled(); // Escape closed the list, not the modal.
  });

  it('filters by typed text, removes chips by button or Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Tree Type' });
    await user.type(box, 'gua');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await user.clear(box);
    await user.type(box, 'neem{Enter}');
    await user.clear(box);
    const chips = screen.getByRole('list', { name: 'Chosen tree types' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Amrood (Guava)' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    expect(box).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('list', { name: 'Chosen tree types' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Tree Type' }), 'oak');
    expect(screen.getByRole('status')).toHaveTextContent('No matches.');
  });
});

describe('TagInput', () => {
  function Tags() {
    const [values, setValues] = useState<string[]>([]);
    return (
      <TagInput
        label="Sponsored By"
        name="treeSponsored"
        values={values}
        onChange={setValues}
        chipsLabel="Chosen sponsors"
      />
    );
  }

  it('adds a typed name on Enter or Add, once, and removes it', async () => {
    const user = userEvent.setup();
    render(<Tags />);
    const input = screen.getByLabelText('Sponsored By');
    await user.type(input, 'Acme{Enter}');
    await user.type(input, ' acme ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const chips = screen.getByRole('list', { name: 'Chosen sponsors' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove Acme' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
