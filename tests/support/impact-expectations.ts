import { computeTreeImpact, roundSignificant, type Range } from '../../contract/impact';

/*
 * Expected impact figures, worked out from contract/impact.ts directly (not from the server's
 * cohort code), for tests of the dashboards and the community charts.
 */

/** A range rounded as the API answers it. */
export const roundRange = (r: Range): Range => ({
  low: roundSignificant(r.low),
  mid: roundSignificant(r.mid),
  high: roundSignificant(r.high),
});

/** The CO₂ (kg, low–high) `plants` unmeasured packet saplings of a species store at `at`. */
export const curveCo2 = (species: number, plants: number, plantedAt: string, at: string) =>
  computeTreeImpact({
    speciesValue: species,
    size: 'packet',
    plantedAt,
    aliveCount: plants,
    dead: false,
    at: new Date(at),
  }).co2Kg;
