import { ConfigError, loadConfig } from '../server/config';
import { takeBackup } from './backup-kit';

/** `npm run backup`: a consistent snapshot of the database and files into DATA_DIR/backups/<time>/. */
async function main() {
  const config = loadConfig();
  const { folder, manifest } = await takeBackup(config, { log: (line) => console.log(line) });
  const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backup written to ${folder} (${manifest.dialect}, ${rows} rows, ${manifest.files?.count ?? 0} files); keeping the newest ${config.backupKeep}.`,
  );
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`canopy backup: ${message.split('\n')[0]}`);
  process.exit(1);
});
