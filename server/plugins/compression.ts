import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON (and the CSV/GeoJSON/iCalendar exports) over 1 KB, brotli (quality 4, the plugin's default) or gzip by Accept-Encoding.
 * HTML, scripts and styles are not listed: the build precompresses them and @fastify/static sends
 * the .br/.gz file, so they are never compressed again per request.
 */
export const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:csv|calendar))\b/i;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    compressibleTypes: COMPRESSIBLE,
    // Request bodies stay plain: decompressing uploads would sidestep the body limit's intent.
    globalDecompression: false,
  });
}
