import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { icuMessages } from './scripts/i18n/vite-plugin';
import { EARLY_GETS } from './web/lib/early-requests';
import { lazySchemasTransform } from './web/lib/lazy-schemas-transform';

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this the headers cost more than compression saves (index.html is always done). */
const MIN_BYTES = 1024;
/** The check-in desk's page (server/plugins/security-headers.ts allows the camera there only). */
const CHECK_IN_PAGE = /^\/app\/drives\/[^/]+\/check-in\/?$/;

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

/** Screens a visitor most often lands on first, and the lazy modules that draw each (web/app/router.tsx). */
const FIRST_SCREENS: Record<string, string[]> = {
  '/': ['routes/landing.tsx'],
  '/home': ['routes/landing.tsx'],
  '/login': ['app/account-area.tsx', 'routes/login.tsx'],
  '/register': ['app/account-area.tsx', 'routes/register.tsx'],
};
/**
 * Signed-in screens a member most often opens first (issue 20: a phone's cold load), asked for
 * only when the tab holds a session (else the guard sends the visitor to /login). The signed-in
 * area, its shell and the screen, and on the trees map its map (the whole page): one round of
 * requests alongside the entry instead of three after it. My Trees' map is on a phone's first
 * screen too (its tiles are the largest paint): asked for at once, it came 0.5 s sooner.
 */
const SIGNED_IN_SCREENS: Record<string, string[]> = {
  '/app/dashboard': ['app/app-routes.tsx', 'app/app-layout.tsx', 'routes/app-dashboard.tsx'],
  '/app/my-trees': [
    'app/app-routes.tsx',
    'app/app-layout.tsx',
    'routes/app-my-trees.tsx',
    'components/ui/map/points-cluster-map.tsx',
  ],
  '/app/trees-map': [
    'app/app-routes.tsx',
    'app/app-layout.tsx',
    'routes/app-trees-map.tsx',
    'components/ui/map/server-cluster-map.tsx',
  ],
  '/app/delive-event': ['app/app-routes.tsx', 'app/app-layout.tsx', 'routes/app-plantations.tsx'],
};

/**
 * Build only: public/theme-init.js goes inline into index.html (one blocking request less before
 * the first paint; the server allows it by its hash, plugins/security-headers.ts), followed by a
 * line that asks for the current screen's route chunks at once, so a phone fetches them alongside
 * the entry instead of after it has run.
 */
export function inlineFirstPaint(): Plugin {
  let publicDir = '';
  return {
    name: 'canopy-inline-first-paint',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (c): c is Rollup.OutputChunk => c.type === 'chunk',
        );
        const entry = chunks.find((c) => c.isEntry);
        const closure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(dep, into);
          return into;
        };
        const loaded = entry ? closure(entry.fileName) : new Set<string>();
        const preloadsOf = (screens: Record<string, string[]>) => {
          const preload: Record<string, string[]> = {};
          for (const [pathname, modules] of Object.entries(screens)) {
            const files = new Set<string>();
            for (const module of modules) {
              const chunk =
                chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${module}`)) ??
                chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/web/${module}`)));
              if (!chunk) throw new Error(`no chunk for web/${module} (FIRST_SCREENS)`);
              closure(chunk.fileName, files);
            }
            // Their stylesheets too: a lazy chunk's import waits for its CSS (Leaflet's on a map).
            const own = [...files].filter((f) => !loaded.has(f));
            const css = own.flatMap((f) => {
              const chunk = bundle[f];
              return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
            });
            preload[pathname] = [...own, ...css].map((f) => `/${f}`);
          }
          return preload;
        };
        const themeInit = fs.readFileSync(path.join(publicDir, 'theme-init.js'), 'utf8').trim();
        // sessionStorage may be refused (storage blocked): then no signed-in screen is preloaded.
        // With a session, the screen's first GETs start too (web/lib/early-requests.ts), and once
        // the map configuration is in, a connection to the tile server.
        const preloader =
          `(function(m,s,g){var p=location.pathname,a=m[p],t=null;` +
          `try{t=sessionStorage.getItem('token');if(!a&&t)a=s[p]}catch(e){}` +
          `function k(r,h){var l=document.createElement('link');l.rel=r;l.crossOrigin='';` +
          `l.href=h;if(r=='preload')l.as='style';document.head.appendChild(l)}` +
          `(a||[]).forEach(function(h){k(/\\.css$/.test(h)?'preload':'modulepreload',h)});` +
          `var q=t&&!location.search&&g[p],e={token:t,gets:{}};if(!q)return;` +
          `window.__canopyEarly=e;q.forEach(function(u){e.gets[u]=fetch(u,{headers:` +
          `{accept:'application/json','x-auth-token':t}})});var c=e.gets['/api/map-config'];` +
          `c&&c.then(function(r){return r.clone().json()}).then(function(b){` +
          `var u=b.data.tileUrl;if(!/^https?:\\/\\/[^/{]+\\//.test(u))return;` +
          `var l=document.createElement('link');l.rel='preconnect';l.href=new URL(u).origin;` +
          `document.head.appendChild(l)})['catch'](function(){})})` +
          `(${JSON.stringify(preloadsOf(FIRST_SCREENS))},` +
          `${JSON.stringify(preloadsOf(SIGNED_IN_SCREENS))},${JSON.stringify(EARLY_GETS)});`;
        const tag = '<script src="/theme-init.js"></script>';
        if (!html.includes(tag)) throw new Error(`index.html no longer has ${tag}`);
        return html.replace(tag, `<script>${themeInit}\n${preloader}</script>`);
      },
    },
  };
}

/**
 * Build only: the contract's module-level schemas are built on first use, not when their module
 * loads (web/lib/lazy-schema.ts; docs/decisions/lazy-contract-schemas.md). A first screen imports
 * contract modules for a few of their schemas and pays for building all of them before it can
 * paint: on My Trees about 60 ms of a phone's CPU (issue 20). The server and the tests build
 * them as written; the rules and messages are the same text.
 */
export function lazyContractSchemas(): Plugin {
  const contractDir = path.resolve(import.meta.dirname, 'contract') + path.sep;
  const runtime = path.resolve(import.meta.dirname, 'web/lib/lazy-schema.ts');
  return {
    name: 'canopy-lazy-contract-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(contractDir) || !/(?<!\.test)\.ts$/.test(id)) return null;
      const out = lazySchemasTransform(code, parseAst(code, { lang: 'ts' }, id), runtime);
      return out === null ? null : { code: out, map: null };
    },
  };
}

/** Module id → the chunk it goes into, for the modules the first screens load (firstLoadChunks). */
const firstLoadGroups = new Map<string, string>();

/**
 * The pages a phone most often opens first, by the modules that draw each (web/app/router.tsx):
 * the landing, sign-in and the signed-in area (its shell and the screens below).
 */
const FIRST_LOAD_PAGES: Record<string, string[]> = {
  landing: ['routes/landing.tsx'],
  account: ['app/account-area.tsx', 'routes/login.tsx'],
  app: ['app/app-routes.tsx', 'app/app-layout.tsx'],
};
/** The signed-in screens members open first (SIGNED_IN_SCREENS), with the map the trees map draws. */
const FIRST_APP_SCREENS: Record<string, string[]> = {
  dashboard: ['routes/app-dashboard.tsx'],
  'my-trees': ['routes/app-my-trees.tsx'],
  'trees-map': ['routes/app-trees-map.tsx', 'components/ui/map/server-cluster-map.tsx'],
  plantations: ['routes/app-plantations.tsx'],
};

/**
 * Fewer, larger chunks for a first load (issue 20: a phone on HTTP/1.1 asks for six files at a
 * time, and each small file costs a round trip before the screen shows; a signed-in screen was
 * 40–60 files). From the module graph, before chunking, by static imports only (lazy code stays
 * lazy): what the entry loads is one chunk ("boot"); every other module a first page loads goes
 * into the chunk of the set of first pages that load it ("first-landing", "first-account-app"…),
 * so no page loads code that none of its modules imports (the landing's budget holds); code only
 * the signed-in area loads is split into its shell, what two or more first screens share, and
 * each screen's own. A module's imports are loaded by every page that loads it, so each chunk only
 * imports chunks of the same or wider sets: no cycles.
 */
export function firstLoadChunks(): Plugin {
  return {
    name: 'canopy-first-load-chunks',
    apply: 'build',
    buildEnd() {
      firstLoadGroups.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const find = (module: string) => {
        const id = ids.find((i) => i.endsWith(`/web/${module}`));
        if (!id) throw new Error(`firstLoadChunks: no web/${module}`);
        return id;
      };
      const closure = (roots: string[], except = new Set<string>()) => {
        const into = new Set<string>();
        const walk = (id: string) => {
          if (into.has(id) || except.has(id)) return;
          into.add(id);
          info(id)?.importedIds.forEach(walk);
        };
        roots.forEach(walk);
        return into;
      };
      // The entry chunk keeps web/main.tsx (index.html's script); "boot" holds what it imports.
      const entries = [...ids.filter((id) => info(id)?.isEntry), find('main.tsx')];
      const boot = closure(entries);
      const pages = Object.entries(FIRST_LOAD_PAGES).map(
        ([name, modules]) => [name, closure(modules.map(find), boot)] as const,
      );
      const area = pages.find(([name]) => name === 'app')![1];
      const shellOnly = new Set(area);
      const screens = Object.entries(FIRST_APP_SCREENS).map(
        ([name, modules]) => [name, closure(modules.map(find), boot)] as const,
      );
      // The area as a first page loads its shell and one of these screens.
      for (const [, screen] of screens) screen.forEach((id) => area.add(id));
      for (const id of boot) if (!entries.includes(id)) firstLoadGroups.set(id, 'boot');
      // The landing's route keeps its own chunk: scripts/check-bundle.ts finds the landing by it.
      const ownChunk = find('routes/landing.tsx');
      for (const id of new Set(pages.flatMap(([, members]) => [...members]))) {
        if (id === ownChunk) continue;
        const loadedBy = pages.filter(([, members]) => members.has(id)).map(([name]) => name);
        if (loadedBy.join() !== 'app') {
          firstLoadGroups.set(id, `first-${loadedBy.join('-')}`);
          continue;
        }
        const onScreens = screens.filter(([, members]) => members.has(id)).map(([name]) => name);
        firstLoadGroups.set(
          id,
          shellOnly.has(id)
            ? 'app-shell'
            : onScreens.length > 1
              ? 'app-common'
              : `app-${onScreens[0]}`,
        );
      }
    },
  };
}

/**
 * The installable app (issue 24): a web app manifest and a Workbox service worker that precaches
 * the app shell and every screen's chunks, so the app opens offline after one visit. It is
 * registered after load from a lazy chunk (web/lib/service-worker.ts), never from the landing
 * entry; a new version waits until the member chooses "Reload to update".
 */
export const installableApp = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/app/dashboard',
      name: 'Canopy · Plant, nurture and track trees together',
      short_name: 'Canopy',
      description:
        'Join tree drives, register and measure the trees you plant, and see the difference you make.',
      start_url: '/app/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      background_color: '#f0fdf4',
      theme_color: '#166534',
      categories: ['lifestyle', 'social'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // Every screen's chunk, the large ones (maps, charts) included.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      // The API, the developer mail box and the API docs are never the app page.
      // The check-in desk's page too: its own Permissions-Policy lets it use the camera.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/, CHECK_IN_PAGE],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // The check-in desk comes from the server (its header allows the camera); offline, the
          // app shell with that header, so the desk still opens in the field.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && /^\/app\/drives\/[^/]+\/check-in\/?$/.test(url.pathname),
          handler: async ({ request }) => {
            try {
              return await fetch(request);
            } catch {
              const shell = await caches.match('/index.html', { ignoreSearch: true });
              if (!shell) return Response.error();
              const headers = new Headers(shell.headers);
              headers.set(
                'permissions-policy',
                (headers.get('permissions-policy') ?? '').replace('camera=()', 'camera=(self)'),
              );
              return new Response(shell.body, { status: 200, headers });
            }
          },
        },
        {
          // Map tiles last looked at (any tile server: TILE_URL is the server's setting).
          urlPattern: ({ request, url }) =>
            request.destination === 'image' &&
            /\/\d+\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'canopy-map-tiles',
            expiration: { maxEntries: 800, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
        {
          // Photos are named by their content's hash: one never changes.
          urlPattern: ({ url }) => url.pathname.startsWith('/api/files/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'canopy-photos',
            expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
      clientsClaim: false,
      skipWaiting: false,
    },
  });

// The SPA lives in web/ and builds into dist/web, which the Node server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    icuMessages(),
    react(),
    tailwindcss(),
    inlineFirstPaint(),
    lazyContractSchemas(),
    firstLoadChunks(),
    installableApp(),
    precompress(),
  ],
  resolve: {
    // Every `zod` import goes through web/lib/zod-jitless.ts, which configures zod before any
    // schema is built; the entry itself then needs no zod (the landing page's JS budget).
    alias: [
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'web/lib/zod-jitless.ts') },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // No source maps in production: they would publish the source and cost a request in devtools.
    sourcemap: false,
    // scripts/check-bundle.ts reads it to measure what the landing page loads.
    manifest: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id: string) => firstLoadGroups.get(id) ?? null,
              debugName: 'first-load',
              // Each module's group is chosen from the graph (firstLoadChunks).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
