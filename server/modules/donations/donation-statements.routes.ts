import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/common';
import { statementQuerySchema } from '../../../contract/recurring-gifts';
import type { AppContext } from '../../context';

/** Yearly statements (issue 22): the member's own PDF of a year's paid gifts. */
export const donationStatementsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { sessions, donations } = ctx;

    app.get(
      '/api/donations/statement',
      {
        config: { access: 'member', rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          tags: ['donations'],
          summary:
            'My yearly statement: every gift I paid in that UTC year (receipt numbers, amounts, the total per currency) as a PDF',
          querystring: statementQuerySchema,
          response: {
            200: {
              description: 'The statement (a year without gifts says so)',
              content: {
                'application/pdf': {
                  schema: z.any().meta({ type: 'string', format: 'binary' }),
                },
              },
            },
            400: errorResponseSchema,
            401: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { user } = await sessions.requireUser(request);
        const { filename, pdf } = await donations.statements.statement(user, request.query.year);
        return reply
          .headers({
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'private, no-store',
          })
          .send(pdf);
      },
    );
  };
