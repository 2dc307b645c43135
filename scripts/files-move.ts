import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type FileStorage } from '../server/config';
import { openDatabase, sqliteFileIn } from '../server/db/database';
import { fileStoreFromConfig } from '../server/modules/files/file-store';
import { moveFiles, STORAGES } from './files-move-kit';

const USAGE =
  'usage: npm run files:move -- --to disk|database|s3 [--from disk|database|s3] [--remove-source]';

class UsageError extends Error {}

function storage(value: string | undefined, flag: string): FileStorage | undefined {
  if (value === undefined) return undefined;
  if (!(STORAGES as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be disk, database or s3`);
  return value as FileStorage;
}

/**
 * `npm run files:move -- --to s3`: copies every uploaded file from the configured store
 * (FILE_STORAGE, or --from) to another, verifying each copy's SHA-256; run it again to resume.
 * Source copies are kept unless --remove-source. Exits 1 when any file mismatched or was missing.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      'remove-source': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const config = loadConfig();
  const to = storage(values.to, '--to');
  if (!to) throw new UsageError('--to is required');
  const from = storage(values.from, '--from') ?? config.fileStorage;
  if (from === to) throw new UsageError(`the files are already in ${to} storage (--from ${from})`);

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
  });
  try {
    console.log(
      `files:move: from ${from} to ${to}${values['remove-source'] ? ', removing source copies' : ''}`,
    );
    const summary = await moveFiles({
      db: database.db,
      from: fileStoreFromConfig(config, database.db, from),
      to: fileStoreFromConfig(config, database.db, to),
      removeSource: values['remove-source'],
      log: (line) => console.log(line),
    });
    const problems = summary.mismatched.length + summary.missing.length;
    console.log(
      `files:move: done: ${summary.total} files, ${summary.copied} copied, ${summary.alreadyThere} already in ${to}, ` +
        `${summary.removed} removed from ${from}, ${summary.mismatched.length} mismatched, ${summary.missing.length} missing`,
    );
    if (problems > 0) {
      console.error(
        `files:move: ${problems} files were not moved (listed above); fix them and run it again`,
      );
      return 1;
    }
    if (!values['remove-source'] && summary.total > 0)
      console.log(
        `files:move: the ${from} copies are kept; set FILE_STORAGE=${to} and restart the servers`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(`canopy files:move: ${message.split('\n')[0]}`);
    const usage =
      error instanceof UsageError ||
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (usage) console.error(USAGE);
    process.exit(usage ? 2 : 1);
  },
);
