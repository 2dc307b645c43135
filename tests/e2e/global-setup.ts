import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGeocoderStub } from '../support/geocoder-stub';
import { startSmtpReceiver } from '../support/smtp-receiver';
import { startServer } from '../support/start-server';
import { startTileStub } from '../support/tile-stub';

/** One real server, SMTP receiver, geocoder and tile server for the run; tests find them through CANOPY_E2E_* variables. */
export default async function globalSetup() {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-e2e-mail-'));
  const smtp = await startSmtpReceiver(mailDir);
  const geocoder = await startGeocoderStub();
  const tiles = await startTileStub();
  const server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Canopy <no-reply@canopy.test>',
    GEOCODER_URL: geocoder.url,
    TILE_URL: tiles.tileUrl,
  });
  process.env.CANOPY_E2E_URL = server.url;
  process.env.CANOPY_E2E_DATA_DIR = server.dataDir;
  process.env.CANOPY_E2E_MAIL_DIR = mailDir;
  return async () => {
    await server.stop();
    await smtp.close();
    await geocoder.close();
    await tiles.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
