// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SPECIES_OPTIONS } from '../format';
import { SpeciesField } from './tree-form-fields';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState('');
  return (
    <SpeciesField
      value={value}
      select={{ value, onChange: (event) => setValue(event.target.value) }}
    />
  );
}

const listed = () =>
  within(screen.getByLabelText('Tree Type'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('The species finder (issue 23 §7)', () => {
  it('counts the species the words match, before and after one of them is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Find a species'), 'fig');
    const total = SPECIES_OPTIONS.length;
    expect(screen.getByText(`2 of ${total} species match.`)).toBeInTheDocument();
    expect(listed()).toEqual(['Choose a species', 'Peepal (Sacred fig)', 'Anjeer (Fig)']);

    await user.selectOptions(screen.getByLabelText('Tree Type'), 'Anjeer (Fig)');
    // Choosing one of the matches does not take it out of the count (it read "1 of … match").
    expect(screen.getByText(`2 of ${total} species match.`)).toBeInTheDocument();
    expect(listed()).toEqual(['Choose a species', 'Peepal (Sacred fig)', 'Anjeer (Fig)']);
  });

  it('keeps a chosen species listed without counting it when the words no longer match it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Find a species'), 'mango');
    await user.selectOptions(screen.getByLabelText('Tree Type'), 'Aam (Mango)');
    await user.clear(screen.getByLabelText('Find a species'));
    await user.type(screen.getByLabelText('Find a species'), 'neem');
    expect(screen.getByText(`1 of ${SPECIES_OPTIONS.length} species match.`)).toBeInTheDocument();
    expect(listed().sort()).toEqual(['Aam (Mango)', 'Choose a species', 'Neem']);
    expect(screen.getByLabelText('Tree Type')).toHaveValue(
      SPECIES_OPTIONS.find((o) => o.label === 'Aam (Mango)')?.value,
    );
  });
});
