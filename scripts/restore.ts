import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { restoreBackup } from './backup-kit';

/** `npm run restore -- <folder>`: a backup into an empty DATA_DIR (SQLite) or empty DATABASE_URL. */
async function main() {
  const folder = process.argv[2];
  if (!folder || process.argv.length > 3)
    throw new Error(
      'usage: npm run restore -- <backup folder, e.g. data/backups/2026-11-27T14-55-03Z>',
    );
  const config = loadConfig();
  const manifest = await restoreBackup(config, path.resolve(folder), {
    log: (line) => console.log(line),
  });
  console.log(
    `Restored the ${manifest.dialect} backup of ${manifest.createdAt}${config.databaseUrl ? '' : ` into ${config.dataDir}`}. Start the server as usual.`,
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`canopy restore: ${message.split('\n')[0]}`);
  process.exit(1);
});
