import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { reservationsRoutes } from './reservations.routes';
import { stockRoutes } from './stock.routes';

/** Every nursery endpoint: stock, reservations, the chain of custody and the dashboard. */
export const nurseryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(stockRoutes(ctx));
    await app.register(reservationsRoutes(ctx));
  };
