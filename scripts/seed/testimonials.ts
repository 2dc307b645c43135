import { testimonialRequestSchema } from '../../contract/testimonials';
import type { Seeder } from './context';
import type { Person } from './people';
import { DAY_MS } from './random';

/**
 * [member, their words, days ago] — demo members who chose to show a testimonial on Canopy's
 * home page (issue 23), written and opted in through `users.saveTestimonial` as
 * `PUT /api/users/me/testimonial` does. Invented demo people, like every demo account.
 */
export const DEMO_TESTIMONIALS: ReadonlyArray<readonly [string, string, number]> = [
  [
    'wanjiru',
    'I used to plant alone. Now forty neighbours show up on a Saturday, and I can open my phone and see every seedling we put in the ground since 2023 — and which ones need water.',
    40,
  ],
  [
    'greenleaf',
    'Our employees sign up for drives themselves now. The impact report gives our board the real counts — planted, alive at the last check, verified — not a marketing number.',
    22,
  ],
  [
    'mariana',
    'Each check-up photo shows the Atlantic Forest coming back. The nursery that raised our saplings can follow them too, which is the part that made them cry.',
    9,
  ],
  [
    'otieno',
    'My class adopts a tree every term. The children measure it, log it, and race to see whose tree grew most. Canopy made biology homework popular.',
    60,
  ],
];

export async function writeTestimonials(
  seeder: Seeder,
  people: Map<string, Person>,
): Promise<number> {
  const { ctx, now } = seeder;
  for (const [username, quote, daysAgo] of DEMO_TESTIMONIALS) {
    const member = people.get(username)!;
    const at = Math.max(member.joinedAt + DAY_MS, now - daysAgo * DAY_MS);
    const body = testimonialRequestSchema.parse({ quote, show: true });
    await seeder.at(at, () => ctx.users.saveTestimonial(member.id, body));
  }
  return DEMO_TESTIMONIALS.length;
}
