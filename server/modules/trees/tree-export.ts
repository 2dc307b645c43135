import type { Tree } from '../../../contract/trees';
import { csvDocument, csvLine } from '../../lib/csv';

const CSV_COLUMNS: ReadonlyArray<[string, (t: Tree) => string | number | null]> = [
  ['id', (t) => t.id],
  ['name', (t) => t.name],
  ['species_value', (t) => t.species.value],
  ['species', (t) => t.species.label],
  ['scientific_name', (t) => t.species.scientificName],
  ['count', (t) => t.count],
  ['alive_count', (t) => t.aliveCount],
  ['size', (t) => t.size],
  ['planted_at', (t) => t.plantedAt],
  ['status', (t) => t.status],
  ['cause', (t) => t.cause],
  ['lat', (t) => t.lat],
  ['lng', (t) => t.lng],
  ['location', (t) => t.location],
  ['drive_id', (t) => t.driveId],
  ['impact_basis', (t) => t.impact.basis],
  ['co2_kg', (t) => t.impact.co2Kg.mid],
  ['co2_kg_low', (t) => t.impact.co2Kg.low],
  ['co2_kg_high', (t) => t.impact.co2Kg.high],
  ['o2_kg', (t) => t.impact.o2Kg.mid],
  ['co2_kg_per_year', (t) => t.impact.co2KgPerYear.mid],
];

/** The trees as CSV with a header row, CRLF line ends (RFC 4180). */
export function treesCsv(trees: readonly Tree[]): string {
  return csvDocument([
    csvLine(CSV_COLUMNS.map(([name]) => name)),
    ...trees.map((tree) => csvLine(CSV_COLUMNS.map(([, get]) => get(tree)))),
  ]);
}

/** The trees as an RFC 7946 FeatureCollection: Point [lng, lat] (WGS 84), null geometry when unknown. */
export function treesGeoJson(trees: readonly Tree[]) {
  return {
    type: 'FeatureCollection' as const,
    features: trees.map((t) => ({
      type: 'Feature' as const,
      id: t.id,
      geometry:
        t.lat === null || t.lng === null
          ? null
          : { type: 'Point' as const, coordinates: [t.lng, t.lat] as [number, number] },
      properties: {
        name: t.name,
        species: t.species.label,
        scientificName: t.species.scientificName,
        count: t.count,
        aliveCount: t.aliveCount,
        status: t.status,
        plantedAt: t.plantedAt,
        co2Kg: t.impact.co2Kg.mid,
      },
    })),
  };
}
