import { forestVisibilityBodySchema, SHARE_PATHS } from '../../contract/forest-sharing';
import type { Seeder } from './context';
import type { Person } from './people';
import { DAY_MS } from './random';

/** [member, handle, days ago made public] */
export const PUBLIC_FORESTS: ReadonlyArray<readonly [string, string, number]> = [
  ['asha', 'asha', 30],
  ['wanjiru', 'wanjiru-kamau', 120],
  ['mariana', 'mata-atlantica', 75],
  ['greenleaf', 'greenleaf', 200],
];

/**
 * Members who share their forest (issue 19 §4), through `forest.setVisibility` as
 * `PUT /api/forest/visibility` does, so `/forest/{handle}` answers on a fresh demo.
 */
export async function shareForests(seeder: Seeder, people: Map<string, Person>): Promise<string[]> {
  const { ctx, now } = seeder;
  const paths: string[] = [];
  for (const [username, handle, daysAgo] of PUBLIC_FORESTS) {
    const member = people.get(username)!;
    const at = Math.max(member.joinedAt + DAY_MS, now - daysAgo * DAY_MS);
    const body = forestVisibilityBodySchema.parse({ public: true, handle });
    await seeder.at(at, () => ctx.forest.setVisibility(member.id, body));
    paths.push(SHARE_PATHS.forest(handle));
  }
  return paths;
}
