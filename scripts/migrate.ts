import { ConfigError, loadConfig } from '../server/config';
import { migrateToLatest, openDatabase, sqliteFileIn } from '../server/db/database';

/** `npm run migrate`: brings the configured database to the latest schema. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
  });
  try {
    const result = await migrateToLatest(database);
    const applied =
      result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(
      applied.length
        ? `Applied: ${applied.join(', ')}`
        : `Database (${database.dialect}) is up to date.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`canopy migrate: ${message.split('\n')[0]}`);
  process.exit(1);
});
