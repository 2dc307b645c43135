import { COUNTRIES_MAX, SPECIES_MIX_MAX, type CommunityCharts } from '../../../contract/charts';
import { countryLabel } from '../../../contract/countries';
import { speciesByValue } from '../../../contract/options';

/** The first `max` lines by name, the rest summed into one "Other" line. */
function topWithOther<T, L>(
  rows: readonly T[],
  max: number,
  value: (row: T) => number,
  line: (row: T) => L,
  other: (sum: number) => L,
): L[] {
  const named = rows.slice(0, max).map(line);
  const rest = rows.slice(max).reduce((n, r) => n + value(r), 0);
  return rest > 0 ? [...named, other(rest)] : named;
}

/** Living plants per species (most first), named, with the long tail as "Other species". */
export const speciesMix = (
  rows: ReadonlyArray<{ species: number; plants: number }>,
): CommunityCharts['speciesMix'] =>
  topWithOther<{ species: number; plants: number }, CommunityCharts['speciesMix'][number]>(
    rows,
    SPECIES_MIX_MAX,
    (r) => r.plants,
    (r) => ({
      species: r.species,
      label: speciesByValue(r.species)?.label ?? `Species ${r.species}`,
      plants: r.plants,
    }),
    (plants) => ({ species: null, label: 'Other species', plants }),
  );

/** Drives per country (most first), named, with the long tail as "Other countries". */
export const countryLines = (
  rows: ReadonlyArray<{ country: string; drives: number }>,
): CommunityCharts['drivesPerCountry'] =>
  topWithOther<{ country: string; drives: number }, CommunityCharts['drivesPerCountry'][number]>(
    rows,
    COUNTRIES_MAX,
    (r) => r.drives,
    (r) => ({ country: r.country, label: countryLabel(r.country) ?? r.country, drives: r.drives }),
    (drives) => ({ country: null, label: 'Other countries', drives }),
  );
