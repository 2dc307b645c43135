import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Origins the map tiles come from, e.g. https://tile.openstreetmap.org or https://*.tile.example.org. */
export function tileOrigin(tileUrl: string): string | undefined {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return undefined;
  return `${match[1]}${match[2]!.replace(/\{s\}/g, '*')}`;
}

/** CSP allows our own scripts and styles, our API, images from us and the tile server; nothing else. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  tileUrl: string,
): Promise<void> {
  const tiles = tileOrigin(tileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Leaflet position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
