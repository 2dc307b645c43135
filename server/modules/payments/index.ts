import { defineModule } from '../module';
import { paymentProviderFromConfig } from './payment-provider';
import { paymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { paymentsService, type PaymentsService } from './payments.service';

declare module '../module' {
  interface ServiceRegistry {
    payments: PaymentsService;
  }
}

/** The card provider's events (Stripe webhooks, the test checkout), each fulfilled once. */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['donations'],
  tables: ['payment_events'],
  create: ({ uow, clock, config, log }, { donations }) =>
    paymentsService({
      uow,
      repo: paymentsRepository,
      clock,
      provider: paymentProviderFromConfig(config),
      donations,
      log,
    }),
  routes: [paymentsRoutes],
  // Test mode's billing engine (issue 22): due periods of test-mode gifts, on the injected clock.
  jobs: (payments) => [
    {
      name: 'test-mode renewals',
      cron: '*/15 * * * *',
      run: (signal) => payments.renewTestGifts(signal),
    },
  ],
});
