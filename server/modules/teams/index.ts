import { defineModule } from '../module';
import { teamsStore } from './team-people';
import { teamsRoutes } from './teams.routes';
import { teamsService, type TeamsService } from './teams.service';

declare module '../module' {
  interface ServiceRegistry {
    teams: TeamsService;
  }
}

/** An organisation's team: members, roles and invitations. */
export const teamsModule = defineModule({
  name: 'teams',
  needs: ['notifications', 'users'],
  tables: ['team_members', 'team_invites'],
  create: ({ uow, clock, mail, config }, { notifications, users }) =>
    teamsService({
      uow,
      repo: teamsStore(users),
      clock,
      mail,
      notifications,
      appUrl: config.appUrl,
    }),
  routes: [teamsRoutes],
  hooks: (teams) => ({ onAccountDeleted: teams.onAccountDeleted }),
});
