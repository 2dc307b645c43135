import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../../contract/newsletter';
import type { Clock } from '../../lib/clock';
import type { newsletterRepository } from './newsletter.repository';

export function newsletterService(repo: ReturnType<typeof newsletterRepository>, clock: Clock) {
  return {
    /** Idempotent: subscribing twice answers the same and stores one row. */
    async subscribe(email: string): Promise<string> {
      await repo.addIfAbsent(email.toLowerCase(), clock.now().toISOString());
      return NEWSLETTER_SUBSCRIBED_MESSAGE;
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
