import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { documentResponse } from '../../plugins/api-docs';
import { keysetStream } from '../../lib/keyset-stream';

/** The pages anyone may read and a search engine should list (web/app/router.tsx). */
export const PUBLIC_PAGES = ['/', '/documentation', '/register', '/login'] as const;
/** The sitemap protocol's limit on one file's addresses. */
export const SITEMAP_MAX_URLS = 50_000;
/** Public forests read per statement while the sitemap is written. */
const SITEMAP_BATCH = 1000;
const HOUR_CACHE = 'public, max-age=3600';

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app',
    'Disallow: /api',
    // Link previews of public forests and gifts are images under /api/public.
    'Allow: /api/public/*.png',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>\n`;

/** One keyset batch of public forests after a handle (the forest module's `publicForestsAfter`). */
export type PublicForestReader = (
  after: string | null,
  limit: number,
) => Promise<Array<{ handle: string; path: string; updatedAt: string; listed: boolean }>>;

/**
 * The sitemap as a stream: the public pages, then the public forests in handle order, written as
 * read one keyset batch at a time (never the whole table in memory), at most `max` addresses.
 */
export function sitemapStream(
  appUrl: string,
  read: PublicForestReader,
  options: { batch?: number; max?: number } = {},
): Promise<Readable> {
  const max = options.max ?? SITEMAP_MAX_URLS;
  return keysetStream({
    read,
    keyOf: (row) => row.handle,
    head:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      PUBLIC_PAGES.map((page) => urlEntry(`${appUrl}${page}`)).join(''),
    batch: (rows) =>
      rows
        .filter((row) => row.listed)
        .map((row) => urlEntry(`${appUrl}${row.path}`, row.updatedAt.slice(0, 10)))
        .join(''),
    tail: '</urlset>\n',
    batchSize: options.batch ?? SITEMAP_BATCH,
    max: max - PUBLIC_PAGES.length,
  });
}

export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { config, forest } = ctx;

    app.get(
      '/robots.txt',
      {
        config: {
          access: 'public',
          swaggerTransform: documentResponse(200, 'robots.txt', {
            'text/plain': { type: 'string' },
          }),
        },
        schema: { tags: ['site'], summary: 'What crawlers may read; names the sitemap' },
      },
      async (_request, reply: FastifyReply) =>
        reply
          .header('cache-control', HOUR_CACHE)
          .type('text/plain; charset=utf-8')
          .send(robotsTxt(config.appUrl)),
    );

    app.get(
      '/sitemap.xml',
      {
        config: {
          access: 'public',
          swaggerTransform: documentResponse(200, 'The sitemap (sitemaps.org protocol)', {
            'application/xml': { type: 'string' },
          }),
        },
        schema: {
          tags: ['site'],
          summary: 'The public pages and public forests, at most 50,000 addresses',
        },
      },
      async (_request, reply: FastifyReply) => {
        const body = await sitemapStream(config.appUrl, forest.publicForestsAfter);
        return reply
          .header('cache-control', HOUR_CACHE)
          .type('application/xml; charset=utf-8')
          .send(body);
      },
    );
  };
