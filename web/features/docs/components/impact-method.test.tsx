// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FOUR_NUMBER_KEYS, FOUR_NUMBER_LABELS } from '../../../../contract/four-numbers';
import { co2StoredKg, IMPACT_SOURCES } from '../../../../contract/impact';
import { growthOfSpecies } from '../../../../contract/species-growth';
import { CARE_SCHEDULE } from '../../../../contract/tree-care';
import { CareScheduleList } from './care-schedule';
import { ImpactMethod } from './impact-method';

afterEach(cleanup);

describe('the impact method section', () => {
  it('states the formulas, ranges and sources from the code the server computes with', () => {
    render(<ImpactMethod />);
    const section = document.getElementById('impact-method')!;
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Impact method');
    expect(section).toHaveTextContent('AGB = 0.0673 × (ρ · D² · H)^0.976');
    expect(section).toHaveTextContent('= 0.26 × AGB');
    expect(section).toHaveTextContent('C = 0.47 × (AGB + roots)');
    expect(section).toHaveTextContent('σ = 0.357');
    expect(section).toHaveTextContent('×0.7 to ×1.43 for a measured tree');
    const co2 = co2StoredKg(growthOfSpecies(1).woodDensity, { heightM: 3, diameterCm: 5 });
    expect(screen.getByRole('note')).toHaveTextContent(
      `about ${co2.toLocaleString('en', { maximumFractionDigits: 2 })} kg of CO₂ stored`,
    );
    // The four honest numbers and the 12-month rule (issue 21 §3).
    expect(within(section).getByRole('heading', { name: 'Four honest numbers' })).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'The 12-month rule' })).toBeVisible();
    expect(section).toHaveTextContent('Alive at last check: Living plants checked in the last 12');
    expect(section).toHaveTextContent('gone 10 months without a check');
    // The page's English words for the four numbers are the contract's, which other screens show.
    for (const key of FOUR_NUMBER_KEYS) {
      const { label, means } = FOUR_NUMBER_LABELS[key];
      expect(section).toHaveTextContent(`${label}: ${means}`);
    }
    const sources = within(section).getAllByRole('list').at(-1)!;
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...IMPACT_SOURCES]);
  });

  it('lists the care schedule the reminders follow', () => {
    render(<CareScheduleList />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(CARE_SCHEDULE.length);
    expect(items[0]).toBe('Water every 7 days in the first year');
    expect(items[1]).toBe('Water every 14 days in year 2');
    expect(items.at(-2)).toBe('Measure every 6 months for as long as it lives');
    expect(items.at(-1)).toBe(
      'Check up on the tree (a measurement, or a health report with a photo) once it has gone 10 months without a check',
    );
  });
});
