import { defineModule } from '../module';
import { mapRoutes } from './map.routes';

declare module '../module' {
  interface ServiceRegistry {
    map: Record<string, never>;
  }
}

/** The map tiles' address and attribution for the web app. */
export const mapModule = defineModule({
  name: 'map',
  needs: [],
  tables: [],
  create: () => ({}),
  routes: [mapRoutes],
});
