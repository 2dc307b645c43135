import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** What the build writes beside a file (vite.config.ts `precompress`); served by Accept-Encoding. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Paths that name a file rather than a screen: anything under /assets, or outside /app (whose
 * params may hold dots) ending in a file extension. A missing one is a 404, never the app page
 * (a browser would otherwise run index.html as a script or stylesheet).
 */
const FILE_LIKE =
  /\.(?:m?js|css|map|json|txt|xml|html?|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|webmanifest|wasm|br|gz|zip|pdf|csv)$/i;

export function isMissingFile(pathname: string): boolean {
  if (pathname.startsWith('/assets/') || pathname === '/assets') return true;
  if (pathname.startsWith('/app/')) return false;
  return FILE_LIKE.test(pathname);
}

const SERVICE_WORKER_FILES = /^(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;

/** The cache policy for a built file, by its logical name (without .br/.gz). */
function cachePolicy(filePath: string): string {
  const logical = filePath.replace(PRECOMPRESSED, '');
  if (logical.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  // The service worker and the app manifest are how an installed app learns of a new version.
  if (logical.endsWith('.html') || SERVICE_WORKER_FILES.test(path.basename(logical)))
    return NO_CACHE;
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html always revalidated, the
 * build's .br/.gz siblings chosen by Accept-Encoding (with Vary), fallback for client routes.
 */
export async function registerStaticSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      // The compressed siblings are chosen by content negotiation, not asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        reply.header('cache-control', cachePolicy(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send(apiNotFound());
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(apiNotFound());
    }
    if (isMissingFile(pathname)) {
      return reply
        .code(404)
        .header('cache-control', NO_CACHE)
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The Canopy web app has not been built yet. Run `npm run build` (npm start does this).',
        );
    }
    return reply.header('cache-control', NO_CACHE).sendFile('index.html', { cacheControl: false });
  });
}
