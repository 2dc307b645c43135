import { describe, expect, it } from 'vitest';
import { SHOWCASE_DRIVES } from '../../../contract/landing';
import { buildDrive, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';

/**
 * GET /api/drives/newest (issue 23): public, the next drives to start soonest first, topped up
 * with the latest past ones, with name, place, date and picture but no people.
 */
const NOW = '2026-06-15T12:00:00.000Z';
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse(NOW) + days * DAY).toISOString();

interface Answer {
  success: true;
  data: Record<string, unknown>[];
}

describe.each(databaseTargets)('the landing page drives on $name', (target) => {
  const api = useTestApp(target, NOW);
  const { clock, setup } = api;
  const newest = async (query = '') => {
    clock.advance(31_000); // past the shared answer's 30 s
    const res = await api.app.inject({ url: `/api/drives/newest${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>().data;
  };

  it('answers without a session, empty when there are no drives', async () => {
    await setup();
    expect(await newest()).toEqual([]);
  });

  it('ignores what it does not ask for (no input to get wrong)', async () => {
    await setup();
    expect(await newest('?limit=abc&bbox=x')).toEqual([]);
    const post = await api.app.inject({ method: 'POST', url: '/api/drives/newest', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('lists the soonest upcoming drives, then the latest past ones, without people', async () => {
    const db = await setup();
    const organiser = await insertUser(db, { name: 'Secret Organiser', profile_type: 'corporate' });
    await db
      .insertInto('files')
      .values({
        id: 'a'.repeat(64),
        mime: 'image/webp',
        bytes: 10,
        width: 1,
        height: 1,
        owner_id: organiser.id,
        created_at: NOW,
      })
      .execute();
    const drives = [
      buildDrive(organiser.id, {
        name: 'In ten days',
        starts_at: at(10),
        country: 'IN',
        location_text: 'Lodhi Garden, Delhi',
        image_file_id: 'a'.repeat(64),
      }),
      buildDrive(organiser.id, { name: 'Tomorrow', starts_at: at(1), country: 'ES' }),
      buildDrive(organiser.id, { name: 'Last week', starts_at: at(-7) }),
      buildDrive(organiser.id, { name: 'Last year', starts_at: at(-365) }),
      buildDrive(organiser.id, { name: 'Yesterday', starts_at: at(-1) }),
    ];
    await db.insertInto('drives').values(drives).execute();
    const list = await newest();
    expect(list.map((d) => d.name)).toEqual([
      'Tomorrow',
      'In ten days',
      'Yesterday',
      'Last week',
      'Last year',
    ]);
    expect(list[1]).toMatchObject({
      place: 'Lodhi Garden, Delhi',
      country: 'India',
      countryCode: 'IN',
      startsAt: at(10),
      image: `/api/files/${'a'.repeat(64)}`,
      isPast: false,
    });
    expect(list[2]).toMatchObject({ isPast: true });
    expect(JSON.stringify(list)).not.toContain('Secret Organiser');
    expect(JSON.stringify(list)).not.toContain(organiser.id);
  });

  it(`shows at most ${SHOWCASE_DRIVES}, upcoming ones first`, async () => {
    const db = await setup();
    const organiser = await insertUser(db);
    await db
      .insertInto('drives')
      .values([
        ...Array.from({ length: SHOWCASE_DRIVES + 2 }, (_, i) =>
          buildDrive(organiser.id, { name: `Up ${i}`, starts_at: at(i + 1) }),
        ),
        buildDrive(organiser.id, { name: 'Past', starts_at: at(-1) }),
      ])
      .execute();
    const list = await newest();
    expect(list).toHaveLength(SHOWCASE_DRIVES);
    expect(list.every((d) => d.isPast === false)).toBe(true);
    expect(list[0]!.name).toBe('Up 0');
  });
});
