import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { BulkDb } from './bulk-db';

/**
 * Adds a new located tree (not rejected) to the R*Tree's entries, in the order the trees go in:
 * its marker fields (0041) as positional values, kept in flat arrays (no object per tree).
 */
export type AddGeoTree = (
  id: string,
  species: number,
  status: string,
  lat: number,
  lng: number,
  treeCount: number,
  alive: number,
  createdAt: string,
) => void;

const COLUMNS = `min_lat, max_lat, min_lng, max_lng, tree_id, species_id, status, lat, lng,
  tree_count, alive_count, created_at`;
/** Entries per insert statement into the scratch R*Tree (13 values each, within 999). */
const PER_STATEMENT = 70;

/**
 * SQLite: the trees map's R*Tree (`trees_geo`, kept by a trigger per inserted tree) for the bulk
 * load. Its trigger is set aside; the new trees' entries are kept as they are generated, and
 * while the writer thread builds the indexes after the rows, this thread builds the whole R*Tree
 * (the demo's entries with their ids, then the new trees in their insert order, as the trigger
 * or one `insert … select` over the new rows would) in a scratch database of its own: a million
 * R*Tree inserts are about 17 s of CPU, which no longer wait in the writer's line. The writer
 * then takes the three shadow tables whole (the R*Tree is nothing else), and the trigger comes
 * back from its stored definition. The consistency check compares the entries with the located
 * trees and runs `rtreecheck` on the structure.
 */
export async function deferTreesGeo(db: BulkDb) {
  // Per entry: id, status, created_at (texts) and species, lat, lng, plants, alive (numbers).
  const texts: string[] = [];
  const numbers: number[] = [];
  const add: AddGeoTree = (id, species, status, lat, lng, treeCount, alive, createdAt) => {
    texts.push(id, status, createdAt);
    numbers.push(species, lat, lng, treeCount, alive);
  };
  const none = { add: (() => {}) as AddGeoTree, build: () => {}, restore: async () => {} };
  if (db.dialect !== 'sqlite') return none;
  const [trigger] = await db.all<{ sql: string }>(
    `select sql from sqlite_master where type = 'trigger' and name = 'trees_geo_insert'`,
  );
  const [table] = await db.all<{ sql: string }>(
    `select sql from sqlite_master where type = 'table' and name = 'trees_geo'`,
  );
  if (!trigger || !table) return none;
  const demo = await db.all<Record<string, unknown>>(`select id, ${COLUMNS} from trees_geo`);
  await db.run('drop trigger trees_geo_insert');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-trees-geo-'));
  const file = path.join(dir, 'trees-geo.sqlite');
  let built = false;
  return {
    add,
    /** The whole R*Tree in the scratch database (synchronous: run it while the writer works). */
    build() {
      const scratch = new SQLite(file);
      try {
        scratch.pragma('journal_mode = OFF');
        scratch.pragma('synchronous = OFF');
        scratch.pragma('cache_size = -131072');
        scratch.exec(table.sql);
        const one = scratch.prepare(`insert into trees_geo (id, ${COLUMNS})
          values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
        const tuple = `(${Array(12).fill('?').join(', ')})`;
        const many = scratch.prepare(
          `insert into trees_geo (${COLUMNS}) values ${Array(PER_STATEMENT).fill(tuple).join(', ')}`,
        );
        const entries = texts.length / 3;
        const values: unknown[] = [];
        const push = (k: number) => {
          const lat = numbers[5 * k + 1]!;
          const lng = numbers[5 * k + 2]!;
          values.push(lat, lat, lng, lng, texts[3 * k], numbers[5 * k], texts[3 * k + 1], lat, lng);
          values.push(numbers[5 * k + 3], numbers[5 * k + 4], texts[3 * k + 2]);
        };
        const rest = scratch.prepare(`insert into trees_geo (${COLUMNS}) values ${tuple}`);
        scratch.transaction(() => {
          for (const r of demo)
            one.run(
              r.id,
              r.min_lat,
              r.max_lat,
              r.min_lng,
              r.max_lng,
              r.tree_id,
              r.species_id,
              r.status,
              r.lat,
              r.lng,
              r.tree_count,
              r.alive_count,
              r.created_at,
            );
          let k = 0;
          for (; k + PER_STATEMENT <= entries; k += PER_STATEMENT) {
            values.length = 0;
            for (let j = k; j < k + PER_STATEMENT; j++) push(j);
            many.run(values);
          }
          for (; k < entries; k++) {
            values.length = 0;
            push(k);
            rest.run(values);
          }
        })();
        built = true;
      } finally {
        scratch.close();
        texts.length = 0;
        numbers.length = 0;
      }
    },
    /** The scratch R*Tree's shadow tables into the database, then the trigger back. */
    async restore() {
      try {
        if (!built) throw new Error('trees_geo: the scratch R*Tree was not built');
        await db.run(`attach database ? as geo_build`, [file]);
        // (Its shadow tables are written only in this step: `unsafe`, SQLite's defensive mode off.)
        for (const part of ['node', 'rowid', 'parent'])
          await db.exec(
            `delete from main.trees_geo_${part};
             insert into main.trees_geo_${part} select * from geo_build.trees_geo_${part}`,
            { unsafe: true },
          );
        await db.run('detach database geo_build');
        await db.run(trigger.sql);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
