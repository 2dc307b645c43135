import { startServer } from '../support/start-server';

/** One real server for the whole run; its address reaches the tests through CANOPY_E2E_URL. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.CANOPY_E2E_URL = server.url;
  process.env.CANOPY_E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
