import { defineModule } from '../module';
import { usersRepository } from './users.repository';
import { testimonials, type Testimonials } from './testimonials';
import { testimonialsRoutes } from './testimonials.routes';
import { usersRoutes } from './users.routes';
import { usersService, type UsersService } from './users.service';

declare module '../module' {
  interface ServiceRegistry {
    users: UsersService & Testimonials;
  }
}

/** Accounts and profiles: the only writer of `users`; an account deletion asks every module. */
export const usersModule = defineModule({
  name: 'users',
  needs: ['files'],
  tables: ['users', 'users_search', 'testimonials'],
  figures: ['memberCount'],
  create: ({ uow, clock, hooks }, { files }) => ({
    ...usersService({
      uow,
      repo: usersRepository,
      clock,
      files,
      onAccountDeleted: () => hooks.all('onAccountDeleted'),
      memberFigures: () => hooks.all('memberFigures'),
    }),
    // Members' testimonials for the landing page (issue 23), deleted with the account.
    ...testimonials({ uow, clock }),
  }),
  routes: [usersRoutes, testimonialsRoutes],
  hooks: (users) => ({ onAccountDeleted: users.testimonialOnAccountDeleted }),
});
