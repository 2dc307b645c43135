import { WELCOME_NOTICE } from '../../../contract/onboarding';
import { sessionTokens } from '../../lib/session-tokens';
import { defineModule } from '../module';
import { authRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { authService, type AuthService } from './auth.service';

declare module '../module' {
  interface ServiceRegistry {
    auth: AuthService;
  }
}

/** Sign-up, codes, sign-in, sessions and password resets; accounts themselves belong to users. */
export const authModule = defineModule({
  name: 'auth',
  needs: ['users', 'notifications'],
  tables: ['sessions', 'otp_codes', 'reset_tokens', 'auth_attempts'],
  create: ({ uow, clock, config, database, log, mail, hooks }, { users, notifications }) =>
    authService({
      uow,
      repo: authRepository,
      users,
      clock,
      mail,
      tokens: sessionTokens(config.sessionSecret!),
      secret: config.sessionSecret!,
      appUrl: config.appUrl,
      ipLimitMultiplier: config.rateLimitMultiplier,
      // Several app servers may share PostgreSQL: a logout on one must hold on the others at once.
      sharedDatabase: database.dialect === 'postgres',
      onBackgroundError: (err) => log.error({ err }, 'background sign-in work failed'),
      onFirstVerified: (user, tx) => notifications.notifyMany([user.id], WELCOME_NOTICE, tx),
      onPasswordChanged: async (userId, tx) => {
        for (const ended of hooks.all('onPasswordChanged')) await ended(userId, tx);
      },
    }),
  routes: [authRoutes],
  hooks: (auth) => ({ onAccountDeleted: auth.onAccountDeleted, prune: auth.prune }),
});
