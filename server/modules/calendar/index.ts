import { defineModule } from '../module';
import { calendarFeedRepository } from './calendar-feed.repository';
import { calendarFeedRoutes } from './calendar-feed.routes';
import { calendarFeedService, type CalendarFeedService } from './calendar-feed.service';

declare module '../module' {
  interface ServiceRegistry {
    calendarFeeds: CalendarFeedService;
  }
}

/** Each member's private calendar feed address (.ics), and its rotation. */
export const calendarModule = defineModule({
  name: 'calendarFeeds',
  needs: ['users'],
  tables: ['calendar_feeds'],
  create: ({ db, clock, config }, { users }) =>
    calendarFeedService({
      repo: calendarFeedRepository(db),
      clock,
      secret: config.sessionSecret!,
      appUrl: config.appUrl,
      users,
    }),
  routes: [calendarFeedRoutes],
});
