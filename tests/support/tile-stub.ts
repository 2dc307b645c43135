import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface TileStub {
  /** A Leaflet tile template pointing at the stub. */
  tileUrl: string;
  requests: string[];
  close(): Promise<void>;
}

/** A map tile server on loopback: every /{z}/{x}/{y}.png answers one plain 256 × 256 tile. */
export async function startTileStub(): Promise<TileStub> {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#dcefd8' },
  })
    .png()
    .toBuffer();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
