/**
 * The trees map at scale (issue 20), now part of `npm run bench:scale`: this runs only its map
 * lines (the world at zoom 2, a city at zoom 11, a few streets at zoom 16) over the million-tree
 * community, each against the demo database through the real server.
 *
 *   npx tsx scripts/bench-tree-map.ts                 # SQLite
 *   npx tsx scripts/bench-tree-map.ts --postgres URL  # PostgreSQL too
 *   TREES=200000 npx tsx scripts/bench-tree-map.ts    # another size (a smaller community alike)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--postgres');
const postgres = at >= 0 ? args[at + 1] : undefined;
const trees = Number(process.env.TREES ?? 1_000_000);
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/bench-scale.ts',
    '--only',
    'trees map',
    '--no-jobs',
    ...(postgres ? ['--postgres', postgres] : ['--sqlite-only']),
    ...(trees === 1_000_000 ? [] : ['--scale', String(trees / 1_000_000)]),
  ],
  { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' },
);
process.exitCode = result.status ?? 1;
