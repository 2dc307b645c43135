import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers over 1 KB of a compressible type (JSON, CSV, iCalendar…), brotli (quality 4, the
 * plugin's default for per-request work) or gzip by Accept-Encoding. The web app's files arrive
 * with Content-Encoding already set (the build's .br/.gz, sent by @fastify/static), and the plugin
 * leaves an answer that already has one alone: nothing is compressed twice.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Request bodies stay as sent: inflating uploads would sidestep the body size limit.
    globalDecompression: false,
  });
}
