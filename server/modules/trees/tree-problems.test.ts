import { beforeEach, describe, expect, it } from 'vitest';
import { CARE_MESSAGES } from '../../../contract/tree-care';
import { buildDonation } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { SessionUser } from '../auth/auth.service';
import { NOW, buildTreeRegistration, treePhoto, treesTestKit } from './tree-test-kit';

const DAY = 86_400_000;

/** Issue 21 §4: "needs care" with what is wrong, who hears of it, and a schedule from registration. */
describe.each(databaseTargets)('care that matches the tree ($name)', (target) => {
  const kit = treesTestKit(target);
  beforeEach(() => kit.setup());
  const asUser = (u: { user: unknown }) => u.user as SessionUser;
  const health = (id: string) => `/api/trees/${id}/health`;

  /** A drive with a donor's paid gift, and a participant's tree there that carries it. */
  async function treeAtDrive() {
    const organiser = await kit.signIn({ name: 'Olu Organiser' });
    const planter = await kit.signIn({ name: 'Pia Planter' });
    const donor = await kit.signIn({ name: 'Dana Donor' });
    const drive = await kit.insertDrive(organiser.user.id, { name: 'River Day' });
    await kit.join(drive.id, planter.user.id);
    await kit
      .db()
      .insertInto('donations')
      .values(
        buildDonation(donor.user.id, {
          kind: 'trees',
          trees: 2,
          amount_minor: 200,
          paid_at: '2026-05-01T00:00:00.000Z',
          drive_id: drive.id,
        }),
      )
      .execute();
    // Planted the day before: that day's one notice told the donor (issue 19 §1), so today's
    // news of the tree reaches them at once.
    kit.clock.set(new Date(Date.parse(NOW) - DAY).toISOString());
    const tree = await kit.services().trees.register(asUser(planter), {
      form: buildTreeRegistration({ treeCount: 2, driveId: drive.id }),
      image: null,
    });
    await kit.idle();
    kit.clock.set(NOW);
    return { organiser, planter, donor, drive, tree };
  }
  const noticesOf = async (userId: string, kind: string) =>
    (await kit.noticesOf(userId)).filter((n) => n.kind === kind);

  it('a planter reports a problem with a note and a photo; the organiser and the donor hear once; healthy again clears it', async () => {
    const { organiser, planter, donor, tree } = await treeAtDrive();
    const reported = await kit.sendForm(
      'POST',
      health(tree.id),
      planter.headers,
      { status: 'needs-care', cause: 'pests', note: '  Caterpillars under the leaves  ' },
      { data: await treePhoto(), field: 'photo' },
    );
    expect(reported.statusCode, reported.body).toBe(200);
    const answer = reported.json();
    expect(answer.message).toBe(CARE_MESSAGES.problemReported);
    expect(answer.data.tree).toMatchObject({
      status: 'needs-care',
      cause: 'pests',
      problem: { note: 'Caterpillars under the leaves' },
    });
    const photoUrl = answer.data.tree.problem.photoUrl as string;
    expect(photoUrl).toMatch(/^\/api\/files\//);
    expect((await kit.app().inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);

    await kit.idle();
    expect(await noticesOf(organiser.user.id, 'tree_needs_care')).toEqual([
      expect.objectContaining({
        title: 'A tree from "River Day" needs care',
        body: 'Neem (Neem) was reported as needing care (pests: Caterpillars under the leaves).',
        link: `/app/trees/${tree.id}`,
      }),
    ]);
    expect(await noticesOf(donor.user.id, 'gift_tree_news')).toEqual([
      expect.objectContaining({ body: `Neem needs care since ${NOW.slice(0, 10)} (pests).` }),
    ]);
    // The planter is not told of their own report.
    expect(await noticesOf(planter.user.id, 'tree_needs_care')).toEqual([]);

    // A second report of the same trouble changes the words, keeps the photo, tells nobody again.
    const again = await kit.call('POST', health(tree.id), planter.headers, {
      status: 'needs-care',
      cause: 'pests',
      note: 'Worse on the north side',
    });
    expect(again.json().data.tree.problem).toEqual({
      note: 'Worse on the north side',
      photoUrl,
    });
    await kit.idle();
    expect(await noticesOf(organiser.user.id, 'tree_needs_care')).toHaveLength(1);

    // Healthy again: the problem and its photo are gone.
    const healthy = await kit.call('POST', health(tree.id), planter.headers, { status: 'healthy' });
    expect(healthy.json().data.tree).toMatchObject({
      status: 'healthy',
      cause: null,
      problem: null,
    });
    expect((await kit.app().inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
  });

  it('refuses a report without a session, from another member, and with bad input', async () => {
    const me = await kit.signIn();
    const stranger = await kit.signIn();
    const { tree } = (await kit.register(me.headers)).json().data;
    const body = { status: 'needs-care', cause: 'drought', note: 'Dry' };
    expect((await kit.call('POST', health(tree.id), {}, body)).statusCode).toBe(401);
    expect((await kit.call('POST', health(tree.id), stranger.headers, body)).statusCode).toBe(403);
    expect((await kit.call('POST', health('nope'), me.headers, body)).statusCode).toBe(404);
    const long = await kit.call('POST', health(tree.id), me.headers, {
      ...body,
      note: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'note', message: CARE_MESSAGES.noteTooLong });
    const unknown = await kit.call('POST', health(tree.id), me.headers, {
      ...body,
      cause: 'aliens',
    });
    expect(unknown.json()).toMatchObject({ field: 'cause', message: CARE_MESSAGES.causeUnknown });
    // A tree not at a drive and without donors: the report is kept, nobody else is told.
    const ok = await kit.call('POST', health(tree.id), me.headers, body);
    expect(ok.json().data.tree.problem).toEqual({ note: 'Dry', photoUrl: '' });
    await kit.idle();
    expect(await noticesOf(stranger.user.id, 'tree_needs_care')).toEqual([]);
  });

  it('counts the care schedule from the day of registration, not an earlier planting date', async () => {
    const me = await kit.signIn();
    // Planted two months before it was registered (today, NOW).
    const late = (await kit.register(me.headers, { plantedAt: '2026-04-01' })).json().data.tree;
    const tasks = async (at: Date) =>
      (await kit.services().trees.careList(me.user.id, { limit: 20, soonDays: 7 }, at)).tasks
        .filter((t) => t.treeId === late.id)
        .map((t) => `${t.task} ${t.dueAt.slice(0, 10)}`);
    expect(await tasks(new Date(NOW))).toEqual([]);
    expect(await tasks(new Date(Date.parse(NOW) + 7 * DAY))).toEqual(['water 2026-06-08']);
  });
});
