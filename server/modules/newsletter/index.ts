import { defineModule } from '../module';
import { newsletterRepository } from './newsletter.repository';
import { newsletterRoutes } from './newsletter.routes';
import { newsletterService, type NewsletterService } from './newsletter.service';

declare module '../module' {
  interface ServiceRegistry {
    newsletter: NewsletterService;
  }
}

/** The landing page's newsletter sign-up. */
export const newsletterModule = defineModule({
  name: 'newsletter',
  needs: [],
  tables: ['newsletter_subscribers'],
  create: ({ uow, clock }) => newsletterService({ uow, repo: newsletterRepository, clock }),
  routes: [newsletterRoutes],
});
