import { defineModule } from '../module';
import { siteRoutes } from './site.routes';

declare module '../module' {
  interface ServiceRegistry {
    site: Record<string, never>;
  }
}

/**
 * The files crawlers ask for (issue 25, Standards): /robots.txt and /sitemap.xml, whose public
 * forests come from the forest module's `publicForestsAfter`, in keyset batches.
 */
export const siteModule = defineModule({
  name: 'site',
  needs: ['forest'],
  tables: [],
  create: () => ({}),
  routes: [siteRoutes],
});
