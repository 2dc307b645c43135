import type { Tree } from '../../../contract/trees';

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

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). Text a member typed
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The trees as CSV with a header row, CRLF line ends (RFC 4180). */
export function treesCsv(trees: readonly Tree[]): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const tree of trees) lines.push(CSV_COLUMNS.map(([, get]) => cell(get(tree))).join(','));
  return `${lines.join('\r\n')}\r\n`;
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
