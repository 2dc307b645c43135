import { defineModule } from '../module';
import { notificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { notificationsService, type NotificationsService } from './notifications.service';

declare module '../module' {
  interface ServiceRegistry {
    notifications: NotificationsService;
  }
}

/** In-app notices: the bell, the list, read marks. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [],
  tables: ['notifications'],
  create: ({ uow, clock }) => notificationsService({ uow, repo: notificationsRepository, clock }),
  routes: [notificationsRoutes],
  hooks: (notifications) => ({
    onAccountDeleted: notifications.onAccountDeleted,
    prune: notifications.prune,
  }),
});
