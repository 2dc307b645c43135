// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/numbers';
import { FourNumbers } from './four-numbers';

afterEach(cleanup);

const numbers = {
  treesFunded: 1200,
  treesPlanted: 980,
  treesAliveChecked: 640,
  treesVerified: 210,
};

describe('FourNumbers', () => {
  it('shows the four numbers in order with their labels and meanings', () => {
    render(<FourNumbers numbers={numbers} />);
    const block = screen.getByTestId('four-numbers');
    const terms = within(block)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Funded', 'Planted', 'Alive at last check', 'Verified']);
    expect(screen.getByTestId('four-treesFunded-value')).toHaveTextContent(formatCount(1200));
    expect(screen.getByTestId('four-treesPlanted-value')).toHaveTextContent(formatCount(980));
    expect(screen.getByTestId('four-treesAliveChecked-value')).toHaveTextContent(formatCount(640));
    expect(screen.getByTestId('four-treesVerified-value')).toHaveTextContent(formatCount(210));
    expect(within(block).getByText(/checked in the last 12 months/)).toBeInTheDocument();
    expect(screen.queryByTestId('four-unconfirmed')).toBeNull();
  });

  it('says how many plants CO₂ left out as unconfirmed', () => {
    render(<FourNumbers numbers={numbers} unconfirmed={340} />);
    expect(screen.getByTestId('four-unconfirmed')).toHaveTextContent(
      `${formatCount(340)} living plants not checked in 12 months are left out as unconfirmed`,
    );
    cleanup();
    render(<FourNumbers numbers={numbers} unconfirmed={1} />);
    expect(screen.getByTestId('four-unconfirmed')).toHaveTextContent(
      '1 living plant not checked in 12 months is left out',
    );
    cleanup();
    render(<FourNumbers numbers={numbers} unconfirmed={0} />);
    expect(screen.getByTestId('four-unconfirmed')).toHaveTextContent(
      'CO₂ and O₂ count plants alive at last check only.',
    );
  });

  it('is named for assistive technology', () => {
    render(<FourNumbers numbers={numbers} title="This drive's trees" />);
    expect(screen.getByRole('region', { name: "This drive's trees" })).toBeInTheDocument();
  });
});
