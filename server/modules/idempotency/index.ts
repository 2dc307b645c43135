import { defineModule } from '../module';
import { idempotencyRepository } from './idempotency.repository';
import { idempotencyService, type IdempotencyService } from './idempotency.service';

declare module '../module' {
  interface ServiceRegistry {
    idempotency: IdempotencyService;
  }
}

/**
 * First answers to writes sent with an `Idempotency-Key` (issue 24): the field app's retry of a
 * tree, measurement, care, health report or check-in never makes a second one. Routes opt in with
 * `config.idempotent`; plugins/idempotency.ts runs the claim around their handlers.
 */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  needs: [],
  tables: ['idempotency_keys'],
  create: ({ db, clock }) => idempotencyService({ db, repo: idempotencyRepository, clock }),
  hooks: (keys) => ({
    prune: keys.prune,
    onAccountDeleted: (userId, tx) => keys.deleteOfUser(tx.db, userId).then(() => undefined),
  }),
});
