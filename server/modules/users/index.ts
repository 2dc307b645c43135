import { defineModule } from '../module';
import { usersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { usersService, type UsersService } from './users.service';

declare module '../module' {
  interface ServiceRegistry {
    users: UsersService;
  }
}

/** Accounts and profiles: the only writer of `users`; an account deletion asks every module. */
export const usersModule = defineModule({
  name: 'users',
  needs: ['files'],
  tables: ['users', 'users_search'],
  figures: ['memberCount'],
  create: ({ uow, clock, hooks }, { files }) =>
    usersService({
      uow,
      repo: usersRepository,
      clock,
      files,
      onAccountDeleted: () => hooks.all('onAccountDeleted'),
      memberFigures: () => hooks.all('memberFigures'),
    }),
  routes: [usersRoutes],
});
