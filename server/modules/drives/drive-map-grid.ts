/**
 * The drives map's grid (docs/decisions/drives-map-clusters.md): the cell formula shared by the
 * SQL that keeps `drive_map_cells` (migration 0038's triggers, its backfill and the scale check)
 * and by the code that reads it, so both compute the same cells.
 *
 * Level `L` (0 to DRIVE_GRID_LEVELS - 1, one per clustered zoom) has cells of 90/2^L degrees
 * counted from (-180, -90): 4·2^L columns, 2·2^L rows, the 64 px cell at zoom L (as the trees
 * map's grid, tree-map-grid.md).
 */
import { DRIVE_MAP_EXACT_ZOOM } from '../../../contract/drives';

/** Levels 0 … DRIVE_MAP_EXACT_ZOOM - 1: from that zoom on the drives themselves are sent. */
export const DRIVE_GRID_LEVELS = DRIVE_MAP_EXACT_ZOOM;
/** A cell's "any country" rows (every drive of the cell); the others are per country code. */
export const ANY_COUNTRY = '';

/** Cells per degree at a level (the one factor every cell number is computed with). */
const scaleOf = (level: number) => 2 ** level / 90;
export const driveGridCell = (level: number) => 90 / 2 ** level;
export const driveGridRow = (lat: number, level: number) =>
  Math.max(0, Math.min(Math.floor((lat + 90) * scaleOf(level)), 2 ** (level + 1) - 1));
export const driveGridColumn = (lng: number, level: number) =>
  Math.max(0, Math.min(Math.floor((lng + 180) * scaleOf(level)), 2 ** (level + 2) - 1));
/** A place in 1e-7 degrees, as the SQL stores it (an exact integer, so moves add and take away). */
export const toE7 = (degrees: number) => Math.round(degrees * 1e7);

const GRID_COLUMNS = 'level, country, month, cy, cx, drives, lat_e7, lng_e7';

/**
 * The grid rows one drive gives (`row`: `new`, `old` or a table alias with starts_at, country,
 * lat, lng), each `sign` (1 added, -1 taken away): one per level for any country and one for its
 * own. No CTE: SQLite allows none inside a trigger.
 */
function cellRowsOf(postgres: boolean, row: string, sign: number, table?: string): string {
  const levels = Array.from({ length: DRIVE_GRID_LEVELS }, (_, level) => {
    const scale = postgres ? `cast(${scaleOf(level)} as double precision)` : `${scaleOf(level)}`;
    return `select ${level} as level, ${scale} as scale, ${2 ** (level + 1) - 1} as last_y, ${
      2 ** (level + 2) - 1
    } as last_x`;
  }).join(' union all ');
  const cell = (offset: string, last: string) =>
    postgres
      ? `least(cast(floor(${offset} * l.scale) as bigint), l.${last})`
      : `min(cast(${offset} * l.scale as integer), l.${last})`;
  const e7 = (column: string) =>
    `cast(round(${row}.${column} * 10000000) as ${postgres ? 'bigint' : 'integer'})`;
  return `select l.level as level,
      case when k.own = 1 then ${row}.country else '${ANY_COUNTRY}' end as country,
      substr(${row}.starts_at, 1, 7) as month,
      ${cell(`(${row}.lat + 90)`, 'last_y')} as cy, ${cell(`(${row}.lng + 180)`, 'last_x')} as cx,
      ${sign} as drives, ${sign} * ${e7('lat')} as lat_e7, ${sign} * ${e7('lng')} as lng_e7
    from ${table ? `${table} ${row} cross join ` : ''}(${levels}) l
      cross join (select 0 as own union all select 1 as own) k`;
}

/** Adds (sign 1) or takes away (-1) one drive's rows; one order for every writer (no deadlock). */
const upsert = (postgres: boolean, row: string, sign: number) =>
  `insert into drive_map_cells (${GRID_COLUMNS})
     select * from (${cellRowsOf(postgres, row, sign)}) d where true
     order by level, country, month, cy, cx
     on conflict (level, country, month, cy, cx) do update set
       drives = drive_map_cells.drives + excluded.drives,
       lat_e7 = drive_map_cells.lat_e7 + excluded.lat_e7,
       lng_e7 = drive_map_cells.lng_e7 + excluded.lng_e7`;
/**
 * SQLite: the cells a drive left that are now empty (only its own cells can have emptied), found
 * by the primary key (a join: a row-value IN over a subquery scans the table).
 */
const dropEmptied = (row: string) =>
  `delete from drive_map_cells where rowid in (select c.rowid
     from (${cellRowsOf(false, row, 1)}) e join drive_map_cells c
       on c.level = e.level and c.country = e.country and c.cy = e.cy and c.cx = e.cx
       and c.month = e.month and c.drives <= 0)`;
/**
 * PostgreSQL: per statement, from its transition tables (a bulk write sums its drives' rows once
 * instead of updating the same coarse cells once per drive): `source` selects the signed rows; the
 * summed differences are upserted, and the cells they emptied deleted one by one by their key (a
 * join's plan would depend on the table's statistics; a key lookup does not).
 */
const applyPostgres = (source: string) =>
  `for r in insert into drive_map_cells (${GRID_COLUMNS})
       select level, country, month, cy, cx, sum(drives), sum(lat_e7), sum(lng_e7)
       from (${source}) s
       group by level, country, month, cy, cx
       having sum(drives) <> 0 or sum(lat_e7) <> 0 or sum(lng_e7) <> 0
       order by level, country, month, cy, cx
     on conflict (level, country, cy, cx, month) do update set
       drives = drive_map_cells.drives + excluded.drives,
       lat_e7 = drive_map_cells.lat_e7 + excluded.lat_e7,
       lng_e7 = drive_map_cells.lng_e7 + excluded.lng_e7
     returning level, country, cy, cx, month, drives loop
     if r.drives <= 0 then
       delete from drive_map_cells where level = r.level and country = r.country
         and cy = r.cy and cx = r.cx and month = r.month;
     end if;
   end loop`;

const postgresFunction = (name: string, body: string) =>
  `create function ${name}() returns trigger language plpgsql
     set search_path from current as $$
   declare r record;
   begin
     ${body};
     return null;
   end $$`;

/** Every drive's rows summed per cell: the grid as the drives make it now. */
const fromDrives = (postgres: boolean) =>
  `select level, country, month, cy, cx, sum(drives) as drives, sum(lat_e7) as lat_e7,
      sum(lng_e7) as lng_e7
    from (${cellRowsOf(postgres, 'd', 1, 'drives')}) s
    group by level, country, month, cy, cx`;

/**
 * The SQL that keeps and checks the grid, for migration 0038 and the scale builder
 * (scripts/bench-scale), which hold no repository: `triggers` (moving a drive's share inside the
 * writing statement), `drop` (their removal), `rebuild` (the emptied table from every drive) and
 * `differences` (rows where the stored grid and the drives disagree; 0 when in step).
 */
export function driveMapGridStatements(dialect: 'sqlite' | 'postgres') {
  const postgres = dialect === 'postgres';
  const source = fromDrives(postgres);
  const stored = `select ${GRID_COLUMNS} from drive_map_cells`;
  const movedPg = `o.lat is distinct from n.lat or o.lng is distinct from n.lng
      or substr(o.starts_at, 1, 7) is distinct from substr(n.starts_at, 1, 7)
      or o.country is distinct from n.country`;
  const moved = `old.lat is not new.lat or old.lng is not new.lng
      or substr(old.starts_at, 1, 7) is not substr(new.starts_at, 1, 7)
      or old.country is not new.country`;
  return {
    // PostgreSQL allows transition tables only on single-event triggers without column lists.
    triggers: postgres
      ? [
          postgresFunction(
            'drive_map_cells_insert',
            applyPostgres(cellRowsOf(true, 'd', 1, 'new_drives')),
          ),
          `create trigger drive_map_cells_insert after insert on drives
             referencing new table as new_drives
             for each statement execute function drive_map_cells_insert()`,
          postgresFunction(
            'drive_map_cells_delete',
            applyPostgres(cellRowsOf(true, 'd', -1, 'old_drives')),
          ),
          `create trigger drive_map_cells_delete after delete on drives
             referencing old table as old_drives
             for each statement execute function drive_map_cells_delete()`,
          postgresFunction(
            'drive_map_cells_update',
            applyPostgres(
              `${cellRowsOf(true, 'd', -1, `(select o.* from old_drives o join new_drives n on n.id = o.id where ${movedPg})`)}
               union all
               ${cellRowsOf(true, 'd', 1, `(select n.* from old_drives o join new_drives n on n.id = o.id where ${movedPg})`)}`,
            ),
          ),
          `create trigger drive_map_cells_update after update on drives
             referencing old table as old_drives new table as new_drives
             for each statement execute function drive_map_cells_update()`,
        ]
      : [
          `create trigger drive_map_cells_insert after insert on drives begin
             ${upsert(false, 'new', 1)};
           end`,
          `create trigger drive_map_cells_delete after delete on drives begin
             ${upsert(false, 'old', -1)};
             ${dropEmptied('old')};
           end`,
          `create trigger drive_map_cells_update after update of lat, lng, starts_at, country
             on drives when ${moved} begin
             ${upsert(false, 'old', -1)};
             ${dropEmptied('old')};
             ${upsert(false, 'new', 1)};
           end`,
        ],
    drop: postgres
      ? ['insert', 'delete', 'update'].flatMap((event) => [
          `drop trigger drive_map_cells_${event} on drives`,
          `drop function drive_map_cells_${event}()`,
        ])
      : ['drive_map_cells_insert', 'drive_map_cells_delete', 'drive_map_cells_update'].map(
          (t) => `drop trigger ${t}`,
        ),
    rebuild: [
      'delete from drive_map_cells',
      `insert into drive_map_cells (${GRID_COLUMNS}) select * from (${source}) s where true`,
    ],
    differences: `select (select count(*) from (${stored} except ${source}) a)
        + (select count(*) from (${source} except ${stored}) b) as n`,
  };
}
