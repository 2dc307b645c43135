import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../../contract/newsletter';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { newsletterRepository } from './newsletter.repository';

export function newsletterService(deps: {
  uow: UnitOfWork;
  repo: typeof newsletterRepository;
  clock: Clock;
}) {
  const { uow, clock } = deps;
  const repo = deps.repo(uow.db);
  return {
    /** Idempotent: subscribing twice answers the same and stores one row. */
    async subscribe(email: string): Promise<string> {
      await repo.addIfAbsent(email.toLowerCase(), clock.now().toISOString());
      return NEWSLETTER_SUBSCRIBED_MESSAGE;
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
