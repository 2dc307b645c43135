import type { Readable } from 'node:stream';
import { TREE_EXPORT_MAX, type Tree } from '../../../contract/trees';
import { CSV_BOM, csvFile, csvLine } from '../../lib/csv';
import { keysetStream } from '../../lib/keyset-stream';

const CSV_COLUMNS: ReadonlyArray<[string, (t: Tree) => string | number | null]> = [
  ['id', (t) => t.id],
  ['name', (t) => t.name],
  ['species_value', (t) => t.species.value],
  ['species', (t) => t.species.label],
  ['scientific_name', (t) => t.species.scientificName],
  ['count', (t) => t.count],
  ['alive_count', (t) => t.aliveCount],
  ['size', (t) => t.size],
  // The latest size (issue 23 §7, promised by the Integration page): the measurement kept on the
  // tree's row in the measuring transaction (trees.last_*), so the export reads no other table.
  ['latest_height_cm', (t) => t.lastMeasurement?.heightCm ?? null],
  ['latest_diameter_cm', (t) => t.lastMeasurement?.diameterCm ?? null],
  ['latest_measured_at', (t) => t.lastMeasurement?.measuredAt ?? null],
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

const CSV_HEADER = csvLine(CSV_COLUMNS.map(([name]) => name));
const csvRow = (tree: Tree) => csvLine(CSV_COLUMNS.map(([, get]) => get(tree)));

/** The trees as CSV with a byte-order mark and a header row, CRLF line ends (RFC 4180). */
export function treesCsv(trees: readonly Tree[]): string {
  return csvFile([CSV_HEADER, ...trees.map(csvRow)]);
}

/** One tree as an RFC 7946 Feature: Point [lng, lat] (WGS 84), null geometry when unknown. */
const treeFeature = (t: Tree) => ({
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
});

/** The trees as an RFC 7946 FeatureCollection. */
export function treesGeoJson(trees: readonly Tree[]) {
  return { type: 'FeatureCollection' as const, features: trees.map(treeFeature) };
}

/**
 * Trees read per statement while exporting. Each tree costs ~0.1 ms of impact figures and, on a
 * large database, a read of its own page (a member's trees lie scattered): 500 held the event
 * loop 200–500 ms at a million trees (issue 20), 100 stay well within 50 ms.
 */
export const TREE_EXPORT_BATCH = 100;

export type TreeExportFormat = 'csv' | 'geojson';

/** Where the next batch starts: the last tree written (newest registration first). */
export interface TreeExportKey {
  createdAt: string;
  id: string;
}

/** The owner's trees after `after` (all from the newest when null), newest first, at most `limit`. */
export type TreeExportReader = (after: TreeExportKey | null, limit: number) => Promise<Tree[]>;

/**
 * How each format is written in pieces: the same bytes as `treesCsv` / `JSON.stringify` of
 * `treesGeoJson` over all the trees at once (a batch after the first starts with its separator).
 */
const WRITERS: Record<
  TreeExportFormat,
  { head: string; batch: (trees: Tree[], first: boolean) => string; tail: string }
> = {
  csv: {
    head: `${CSV_BOM}${CSV_HEADER}\r\n`,
    batch: (trees) => trees.map((t) => `${csvRow(t)}\r\n`).join(''),
    tail: '',
  },
  geojson: {
    head: '{"type":"FeatureCollection","features":[',
    batch: (trees, first) =>
      (first ? '' : ',') + trees.map((t) => JSON.stringify(treeFeature(t))).join(','),
    tail: ']}',
  },
};

/**
 * The export as a stream (`keysetStream`, lib/keyset-stream.ts): keyset batches of `batch` trees,
 * at most `max` in all, newest first, each written as soon as it is read.
 */
export function treeExportStream(
  read: TreeExportReader,
  format: TreeExportFormat,
  options: { batch?: number; max?: number } = {},
): Promise<Readable> {
  const writer = WRITERS[format];
  return keysetStream({
    read,
    keyOf: (tree: Tree): TreeExportKey => ({ createdAt: tree.createdAt, id: tree.id }),
    ...writer,
    batchSize: options.batch ?? TREE_EXPORT_BATCH,
    max: options.max ?? TREE_EXPORT_MAX,
  });
}

/** GET /api/trees/export: the file's name, type and streamed body for the day `now`. */
export async function treeExport(read: TreeExportReader, format: TreeExportFormat, now: Date) {
  const date = now.toISOString().slice(0, 10);
  return {
    filename: `canopy-trees-${date}.${format}`,
    type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/geo+json; charset=utf-8',
    body: await treeExportStream(read, format),
  };
}
