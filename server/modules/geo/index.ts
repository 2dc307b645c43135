import { defineModule } from '../module';
import { geoRepository } from './geo.repository';
import { geoRoutes } from './geo.routes';
import { geoService, type GeoService } from './geo.service';
import { nominatimClient } from './nominatim-client';

declare module '../module' {
  interface ServiceRegistry {
    geo: GeoService;
  }
}

/** Place search and reverse lookup through Nominatim, paced and cached. */
export const geoModule = defineModule({
  name: 'geo',
  needs: [],
  tables: ['geocode_cache', 'rate_slots'],
  create: ({ db, clock, config, log, geo }) =>
    geoService({
      repo: geoRepository(db),
      client: nominatimClient({
        baseUrl: config.geocoderUrl,
        appUrl: config.appUrl,
        timeoutMs: geo?.timeoutMs,
        log,
      }),
      clock,
      tuning: geo,
    }),
  routes: [geoRoutes],
});
