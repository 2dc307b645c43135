import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Origins the map tiles come from, e.g. https://tile.openstreetmap.org or https://*.tile.example.org. */
export function tileOrigin(tileUrl: string): string | undefined {
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return undefined;
  return `${match[1]}${match[2]!.replace(/\{s\}/g, '*')}`;
}

/**
 * `'sha256-…'` sources for the inline scripts of the built index.html (the build inlines the
 * theme and first-screen preload script, vite.config.ts): exactly those scripts may run inline.
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  if (!webDistDir) return [];
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  return hashes;
}

/** CSP allows our own scripts and styles, our API, images from us and the tile server; nothing else. */
export function securityHeaderOptions(tileUrl: string, scriptHashes: string[] = []): HelmetOptions {
  const tiles = tileOrigin(tileUrl);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
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
  };
}

/** Runs helmet once and records what it sets: every header here is the same for every response. */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/** One year, subdomains included; only ever sent on an answer that went out over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The check-in desk's scanner (web/routes/app-drive-check-in.tsx): the one page using the camera. */
const SCANNER_PAGE = /^\/app\/drives\/[^/]+\/check-in\/?$/;

/**
 * What the page may use: never the camera or microphone, except the camera on the check-in
 * scanner page; the location for our own pages (the planting map's "use my location").
 */
export function permissionsPolicy(pathname: string): string {
  const camera = SCANNER_PAGE.test(pathname) ? 'camera=(self)' : 'camera=()';
  return `${camera}, microphone=(), geolocation=(self)`;
}

// Computed once instead of per request: rebuilding helmet's headers was ~9% of a list request.
export async function registerSecurityHeaders(
  app: FastifyInstance,
  tileUrl: string,
  webDistDir?: string,
): Promise<void> {
  const headers = staticSecurityHeaders(
    securityHeaderOptions(tileUrl, inlineScriptHashes(webDistDir)),
  );
  const ordinaryPolicy = permissionsPolicy('/');
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers);
    const pathname = request.url.split('?', 1)[0]!;
    void reply.header(
      'permissions-policy',
      pathname.startsWith('/app/') ? permissionsPolicy(pathname) : ordinaryPolicy,
    );
    // `protocol` is https for a TLS socket, or for X-Forwarded-Proto from a trusted proxy only
    // (TRUST_PROXY, config.ts): a client cannot ask for HSTS over plain HTTP.
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = personalCachePolicy(request, reply.getHeader('cache-control'));
    if (policy) void reply.header('cache-control', policy);
    return payload;
  });
}

/** The request carried a session or API token (checked or not: its answer may be personal). */
function hasCredentials(request: FastifyRequest): boolean {
  return (
    request.headers['x-auth-token'] !== undefined || request.headers.authorization !== undefined
  );
}

/**
 * `no-store` for an API answer that may be personal, so no browser or shared cache keeps it: any
 * answer to a request with credentials, unless its route calls it `public` (the same for everyone),
 * and any answer to a write without its own policy (sign-in answers carry tokens). Undefined: keep.
 */
export function personalCachePolicy(
  request: FastifyRequest,
  current: unknown,
): 'no-store' | undefined {
  if (!request.url.startsWith('/api/')) return undefined;
  if (hasCredentials(request))
    return typeof current === 'string' && current.startsWith('public') ? undefined : 'no-store';
  if (current === undefined && request.method !== 'GET' && request.method !== 'HEAD')
    return 'no-store';
  return undefined;
}
