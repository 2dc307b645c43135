import { apiTokensModule } from './api-tokens';
import { authModule } from './auth';
import { calendarModule } from './calendar';
import { dashboardsModule } from './dashboards';
import { donationsModule } from './donations';
import { driveUpdatesModule } from './drive-updates';
import { drivesModule } from './drives';
import { filesModule } from './files';
import { forestModule } from './forest';
import { geoModule } from './geo';
import { healthModule } from './health';
import { idempotencyModule } from './idempotency';
import { outboxModule } from './mail';
import { mapModule } from './map';
import { metricsModule } from './metrics';
import { newsletterModule } from './newsletter';
import { notificationsModule } from './notifications';
import { nurseryModule } from './nursery';
import { onboardingModule } from './onboarding';
import { paymentsModule } from './payments';
import { rateLimitsModule } from './rate-limits';
import { siteModule } from './site';
import { statsModule } from './stats';
import { teamsModule } from './teams';
import { treesModule } from './trees';
import { usersModule } from './users';

/** Every module of the app; adding one is one line here. Built in dependency order, whatever this order. */
export const MODULES = [
  healthModule,
  outboxModule,
  metricsModule,
  mapModule,
  filesModule,
  notificationsModule,
  rateLimitsModule,
  idempotencyModule,
  geoModule,
  newsletterModule,
  usersModule,
  authModule,
  apiTokensModule,
  calendarModule,
  teamsModule,
  drivesModule,
  nurseryModule,
  donationsModule,
  paymentsModule,
  treesModule,
  statsModule,
  dashboardsModule,
  onboardingModule,
  driveUpdatesModule,
  forestModule,
  siteModule,
] as const;
