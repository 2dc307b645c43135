import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this the headers cost more than compression saves (index.html is always done). */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every text file of the build over
 * 1 KB, once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing per request. A sibling that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'canopy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(file);
          return COMPRESSIBLE.test(entry.name) ? [file] : [];
        });
      for (const file of walk(outDir)) {
        const body = fs.readFileSync(file);
        if (body.length < MIN_BYTES && path.basename(file) !== 'index.html') continue;
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// The SPA lives in web/ and builds into dist/web, which the Node server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // No source maps in production: they would publish the source and cost a request in devtools.
    sourcemap: false,
    // scripts/check-bundle.ts reads it to measure what the landing page loads.
    manifest: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
