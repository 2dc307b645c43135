import { defineModule } from '../module';
import { apiTokensRepository } from './api-tokens.repository';
import { apiTokensRoutes } from './api-tokens.routes';
import { apiTokensService, type ApiTokensService } from './api-tokens.service';

declare module '../module' {
  interface ServiceRegistry {
    apiTokens: ApiTokensService;
  }
}

/** Personal read-only API tokens for integrations. */
export const apiTokensModule = defineModule({
  name: 'apiTokens',
  needs: ['users'],
  tables: ['api_tokens'],
  create: ({ uow, clock, log, database }, { users }) =>
    apiTokensService({
      uow,
      repo: apiTokensRepository,
      clock,
      log,
      users,
      // Several app servers may share PostgreSQL: a revoked token must fail on all of them at once.
      sharedDatabase: database.dialect === 'postgres',
    }),
  routes: [apiTokensRoutes],
  hooks: (apiTokens) => ({
    onAccountDeleted: apiTokens.onAccountDeleted,
    // A new password ends every token too: a leaked password may have made them.
    onPasswordChanged: apiTokens.onAccountDeleted,
  }),
});
