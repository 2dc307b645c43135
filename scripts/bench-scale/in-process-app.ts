import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrateToLatest, openDatabase, sqliteFileIn } from '../../server/db/database';
import { resolveSessionSecret } from '../../server/lib/secrets';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '../seed/people';

/**
 * The app built on a scale data directory as `server/main.ts` builds it (migrated first, no
 * schedules, nothing listening), with asha's and greenleaf's sessions: for the in-process
 * measurements (scripts/cpu-per-request.ts, scripts/pg-trace.ts). `databaseUrl` picks PostgreSQL.
 */
export async function startInProcessApp(input: { dataDir: string; databaseUrl?: string }) {
  const env = {
    ...process.env,
    DATA_DIR: input.dataDir,
    DATABASE_URL: input.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    SCHEDULED_JOBS: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
    GEOCODER_URL: 'http://127.0.0.1:9',
  };
  let config = loadConfig(env);
  config = { ...config, sessionSecret: resolveSessionSecret(config.dataDir, config.sessionSecret) };
  const database = openDatabase(
    input.databaseUrl
      ? { databaseUrl: input.databaseUrl }
      : { databaseUrl: '', sqliteFile: sqliteFileIn(config.dataDir) },
  );
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  await app.ready();

  async function signIn(who: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `${who}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in ${who}: ${res.statusCode} ${res.body}`);
    return (res.json() as { result: { token: string } }).result.token;
  }
  const tokens = { asha: await signIn('asha'), greenleaf: await signIn('greenleaf') };
  return { app, database, tokens };
}
