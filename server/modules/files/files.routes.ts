import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/common';
import { fileParamsSchema } from '../../../contract/files';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';

const NO_SUCH_FILE = 'No such file.';

export const filesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { files } = ctx;

    app.get(
      '/api/files/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['files'],
          summary: 'An uploaded image (WebP, metadata stripped); public, cached forever by its id',
          description:
            'Ids are the sha256 of the stored bytes, so the content behind an id never changes. ' +
            'Send If-None-Match with the id to get 304.',
          params: fileParamsSchema,
          response: {
            200: {
              description: 'The image bytes',
              // Binary bodies bypass the serializer; the schema only describes them in OpenAPI.
              content: {
                'image/webp': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            304: z.null().describe('Not modified: If-None-Match holds the id'),
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const etag = `"${id}"`;
        const file = await files.describe(id);
        if (!file) throw notFound(NO_SUCH_FILE);
        const caching = {
          'cache-control': 'public, max-age=31536000, immutable',
          etag,
          'x-content-type-options': 'nosniff',
        };
        // The id is the content's hash: a client holding it holds these bytes, no store read needed.
        if (matchesEtag(request.headers['if-none-match'], etag))
          return reply.headers(caching).code(304).send(null);
        // Streamed from the store (disk, S3) as it is read, never held whole here.
        const opened = await files.openStream(id);
        if (!opened) throw notFound(NO_SUCH_FILE);
        return reply
          .headers({
            ...caching,
            'content-type': file.mime,
            'content-disposition': 'inline',
            'content-length': opened.size,
          })
          .send(opened.stream);
      },
    );
  };

/** If-None-Match may list several tags, weak ones, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === etag.slice(1, -1) || tag === '*');
}
