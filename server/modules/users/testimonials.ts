import { fileUrl } from '../../../contract/files';
import {
  TESTIMONIAL_MESSAGES,
  TESTIMONIALS_SHOWN,
  type MyTestimonial,
  type PublicTestimonial,
} from '../../../contract/testimonials';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { testimonialsRepository } from './testimonials.repository';

/**
 * Members' testimonials (issue 23, docs/decisions/landing-page.md). A member writes only their
 * own (the session's user; no id is taken from the request); the landing page shows one only
 * while its author consents (`shown`), and never after the account is deleted (the row goes in
 * the deletion's transaction).
 */
export function testimonials({ uow, clock }: { uow: UnitOfWork; clock: Clock }) {
  const repo = testimonialsRepository(uow.db);
  const mine = async (userId: string): Promise<MyTestimonial | null> => {
    const row = await repo.mine(userId);
    return row ? { quote: row.quote, show: row.shown === 1, updatedAt: row.updated_at } : null;
  };
  return {
    myTestimonial: mine,

    async saveTestimonial(
      userId: string,
      input: { quote: string; show: boolean },
    ): Promise<{ message: string; data: MyTestimonial | null }> {
      await repo.save(userId, input.quote, input.show ? 1 : 0, clock.now().toISOString());
      return {
        message: input.show ? TESTIMONIAL_MESSAGES.savedShown : TESTIMONIAL_MESSAGES.saved,
        data: await mine(userId),
      };
    },

    async deleteTestimonial(userId: string): Promise<string> {
      await repo.remove(userId);
      return TESTIMONIAL_MESSAGES.deleted;
    },

    /** The landing page's testimonials: the newest shown, at most TESTIMONIALS_SHOWN. */
    async shownTestimonials(): Promise<PublicTestimonial[]> {
      const rows = await repo.newestShown(TESTIMONIALS_SHOWN);
      return rows.map((r) => ({
        name: r.name?.trim() || r.username,
        accountType: r.profile_type,
        quote: r.quote,
        avatar: r.avatar_file_id ? fileUrl(r.avatar_file_id) : '',
      }));
    },

    /** An account deletion takes its testimonial with it (in the deletion's transaction). */
    testimonialOnAccountDeleted: async (userId: string, tx: Tx): Promise<void> => {
      await testimonialsRepository(tx.db).remove(userId);
    },
  };
}
export type Testimonials = ReturnType<typeof testimonials>;
