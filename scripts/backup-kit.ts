import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../server/config';
import { sqliteFileIn } from '../server/db/database';

/** What `npm run backup` and `npm run restore` read of the configuration. */
export type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'fileStorage' | 'backupKeep'>;

/** `manifest.json` of one backup folder. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: { file: string; bytes: number; sha256: string };
  /** Rows per table in the snapshot (SQLite: the copy; PostgreSQL: the dump's own snapshot). */
  rows: Record<string, number>;
  /** The disk file store's folder, copied after the database (null: the bytes are in the database). */
  files: { count: number; bytes: number } | null;
  /** DATA_DIR/session-secret, when it exists: sessions and signed passes stay valid. */
  sessionSecret: boolean;
}

export const BACKUPS_FOLDER = 'backups';
const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'canopy.sqlite';
const PG_FILE = 'database.dump';
const FILES_FOLDER = 'files';
const SECRET_FILE = 'session-secret';
/** A finished backup's folder name: its UTC time, e.g. 2026-11-27T14-55-03Z (a `-2` if taken twice). */
const FOLDER_PATTERN = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?$/;

export class BackupError extends Error {}

/**
 * Writes a consistent snapshot into `DATA_DIR/backups/<time>/` while the server runs: the
 * database first (SQLite's online backup API, or pg_dump in custom format), then the disk store's
 * files (content-addressed and written before their rows, so every file the snapshot names is
 * there). Built in a hidden temporary folder renamed at the end: a half backup never counts.
 * Keeps the newest `backupKeep` backups. Returns the folder.
 */
export async function takeBackup(
  config: BackupConfig,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<{ folder: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const root = path.join(config.dataDir, BACKUPS_FOLDER);
  await fs.mkdir(root, { recursive: true });
  const temp = path.join(root, `.partial-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(temp);
  try {
    let database: BackupManifest['database'];
    let rows: Record<string, number>;
    let dialect: BackupManifest['dialect'];
    if (config.databaseUrl) {
      dialect = 'postgres';
      rows = await dumpPostgres(config.databaseUrl, path.join(temp, PG_FILE));
      database = await describeFile(temp, PG_FILE);
    } else {
      dialect = 'sqlite';
      const source = sqliteFileIn(config.dataDir);
      if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
      rows = await backupSqlite(source, path.join(temp, SQLITE_FILE));
      database = await describeFile(temp, SQLITE_FILE);
    }
    log(`database (${dialect}) copied: ${database.bytes} bytes`);
    const files =
      config.fileStorage === 'disk'
        ? await copyFiles(
            path.join(config.dataDir, FILES_FOLDER),
            path.join(temp, FILES_FOLDER),
            (name) => !name.endsWith('.tmp') && !name.endsWith('.removing'),
          )
        : null;
    if (files) log(`files copied: ${files.count} (${files.bytes} bytes)`);
    const secret = path.join(config.dataDir, SECRET_FILE);
    const sessionSecret = existsSync(secret);
    if (sessionSecret) await fs.copyFile(secret, path.join(temp, SECRET_FILE));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      dialect,
      database,
      rows,
      files,
      sessionSecret,
    };
    await fs.writeFile(path.join(temp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const folder = await renameIntoPlace(temp, root, now);
    await prune(root, config.backupKeep, log);
    return { folder, manifest };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores a backup folder into an empty data directory (SQLite, the files, the session secret)
 * or an empty PostgreSQL database (pg_restore), after checking the dump's SHA-256.
 */
export async function restoreBackup(
  config: BackupConfig,
  folder: string,
  options: { log?: (line: string) => void } = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const manifest = await readManifest(folder);
  const dump = path.join(folder, manifest.database.file);
  if ((await sha256Of(dump)) !== manifest.database.sha256)
    throw new BackupError(
      `${dump} does not match the SHA-256 in its manifest: the backup is damaged`,
    );
  if (manifest.dialect === 'postgres' && !config.databaseUrl)
    throw new BackupError('this backup is of PostgreSQL: set DATABASE_URL to an empty database');
  if (manifest.dialect === 'sqlite' && config.databaseUrl)
    throw new BackupError(
      'this backup is of SQLite: unset DATABASE_URL to restore it into DATA_DIR',
    );
  await assertEmptyDataDir(config.dataDir, manifest);
  if (config.databaseUrl) {
    await assertEmptyPostgres(config.databaseUrl);
    await runPgTool('pg_restore', config.databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      dump,
    ]);
    log('database restored (pg_restore)');
  } else {
    const target = sqliteFileIn(config.dataDir);
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.copyFile(dump, target, fs.constants.COPYFILE_EXCL);
    const check = integrityCheck(target);
    if (check !== 'ok')
      throw new BackupError(`the restored database fails integrity_check: ${check}`);
    log(`database restored to ${target}`);
  }
  if (manifest.files) {
    const copied = await copyFiles(
      path.join(folder, FILES_FOLDER),
      path.join(config.dataDir, FILES_FOLDER),
    );
    log(`files restored: ${copied?.count ?? 0}`);
  }
  if (manifest.sessionSecret) {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.copyFile(path.join(folder, SECRET_FILE), path.join(config.dataDir, SECRET_FILE));
    await fs.chmod(path.join(config.dataDir, SECRET_FILE), 0o600);
  }
  return manifest;
}

/** `PRAGMA integrity_check`'s first line: 'ok' for a sound database. */
export function integrityCheck(file: string): string {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return String(sqlite.pragma('integrity_check', { simple: true }));
  } finally {
    sqlite.close();
  }
}

// ---- SQLite

/**
 * better-sqlite3's online backup from a connection of its own: WAL readers never block the
 * server's writers. All remaining pages go in each step, so writes between steps cannot make it
 * start over forever.
 */
async function backupSqlite(source: string, target: string): Promise<Record<string, number>> {
  const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } finally {
    sqlite.close();
  }
  const copy = new SQLite(target);
  try {
    // One self-contained file (the copy inherits WAL mode; the server turns it on again).
    copy.pragma('journal_mode = DELETE');
    const check = String(copy.pragma('integrity_check', { simple: true }));
    if (check !== 'ok')
      throw new BackupError(`the copied database fails integrity_check: ${check}`);
    const tables = copy
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((name) => [
        name,
        Number(
          copy
            .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
            .pluck()
            .get(),
        ),
      ]),
    );
  } finally {
    copy.close();
  }
}

// ---- PostgreSQL

/**
 * pg_dump of the whole database in custom format, from a snapshot this function exports: the
 * row counts in the manifest are read in that same snapshot.
 */
async function dumpPostgres(url: string, target: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: snap } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows: count } = await client.query<{ n: string }>(
        `select count(*) as n from ${client.escapeIdentifier(name)}`,
      );
      rows[name] = Number(count[0]?.n ?? 0);
    }
    await runPgTool('pg_dump', url, [
      '--format=custom',
      `--snapshot=${snap[0]!.id}`,
      `--file=${target}`,
    ]);
    await client.query('commit');
    return rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A database holding any table outside PostgreSQL's own schemas is not empty. */
async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new BackupError(
        `the database in DATABASE_URL is not empty (${rows[0]!.n} tables): restore only into a new, empty database`,
      );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The PostgreSQL client tool: the newest under /usr/lib/postgresql, else the one on PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  try {
    const versions = readdirSync(base)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  } catch {
    // No Debian layout: PATH decides.
  }
  return name;
}

/** Runs pg_dump/pg_restore on `url`; the password goes in PGPASSWORD, never on the command line. */
function runPgTool(name: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), [`--dbname=${parsed.toString()}`, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) =>
      reject(
        new BackupError(
          `${name} could not start (${err.message}): install PostgreSQL's client tools`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`${name} failed (exit ${code}): ${stderr.trim().split('\n')[0] ?? ''}`),
          ),
    );
  });
}

// ---- Files and folders

async function copyFiles(
  from: string,
  to: string,
  keep: (name: string) => boolean = () => true,
): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  await fs.mkdir(to, { recursive: true });
  if (!existsSync(from)) return { count, bytes };
  for (const entry of await fs.readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !keep(entry.name)) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(source, target);
    } catch (error) {
      // Removed since it was listed (its row was deleted): not part of the snapshot either.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    count += 1;
    bytes += (await fs.stat(target)).size;
  }
  return { count, bytes };
}

/** Refuses a data directory holding anything but backups (and nothing to refuse if absent). */
async function assertEmptyDataDir(dataDir: string, manifest: BackupManifest): Promise<void> {
  if (!existsSync(dataDir)) return;
  const entries = (await fs.readdir(dataDir)).filter((name) => name !== BACKUPS_FOLDER);
  // A PostgreSQL restore writes only the files and the secret into DATA_DIR.
  const inTheWay =
    manifest.dialect === 'postgres' && !manifest.files && !manifest.sessionSecret ? [] : entries;
  if (inTheWay.length > 0)
    throw new BackupError(
      `the data directory ${dataDir} is not empty (${inTheWay.slice(0, 3).join(', ')}${inTheWay.length > 3 ? ', …' : ''}): restore only into an empty data directory`,
    );
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} is not a Canopy backup (no readable ${MANIFEST})`);
  }
  if (manifest.format !== 1 || !manifest.database?.file || !manifest.database.sha256)
    throw new BackupError(`${folder}: unknown backup format`);
  if (path.basename(manifest.database.file) !== manifest.database.file)
    throw new BackupError(`${folder}: the manifest names a database file outside the backup`);
  return manifest;
}

async function describeFile(folder: string, file: string): Promise<BackupManifest['database']> {
  const full = path.join(folder, file);
  return { file, bytes: (await fs.stat(full)).size, sha256: await sha256Of(full) };
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function renameIntoPlace(temp: string, root: string, now: Date): Promise<string> {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  for (let n = 1; ; n += 1) {
    const folder = path.join(root, n === 1 ? stamp : `${stamp}-${n}`);
    if (existsSync(folder)) continue;
    await fs.rename(temp, folder);
    return folder;
  }
}

/** The finished backups, oldest first. */
export async function listBackups(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, BACKUPS_FOLDER);
  if (!existsSync(root)) return [];
  const names = (await fs.readdir(root)).filter(
    (name) => FOLDER_PATTERN.test(name) && existsSync(path.join(root, name, MANIFEST)),
  );
  const at = (name: string) => {
    const [stamp = '', n = '1'] = name.split(/Z-?/);
    return `${stamp}:${n.padStart(6, '0')}`;
  };
  return names
    .sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0))
    .map((name) => path.join(root, name));
}

async function prune(root: string, keep: number, log: (line: string) => void): Promise<void> {
  const all = await listBackups(path.dirname(root));
  for (const old of all.slice(0, Math.max(0, all.length - keep))) {
    await fs.rm(old, { recursive: true, force: true });
    log(`removed the old backup ${path.basename(old)}`);
  }
}
