import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import type { SessionUser } from '../auth/auth.service';
import { buildTreeRegistration, treesTestKit } from './tree-test-kit';

const DAY = 86_400_000;

// Issue 26: care, needs-care and death notices are written in each reader's language.
describe.each(databaseTargets)('tree notices in the reader’s language on $name', (target) => {
  const kit = treesTestKit(target);
  const ofKind = async (userId: string, kind: string) =>
    (await kit.noticesOf(userId)).filter((n) => n.kind === kind);

  it('tells a Spanish member of due care, a Hindi organiser of a problem, and both of a death', async () => {
    await kit.setup();
    const organiser = await kit.signIn({ profile_type: 'corporate', locale: 'hi' });
    const me = await kit.signIn({ locale: 'es' });
    const drive = await kit.insertDrive(organiser.user.id, { name: 'Monsoon Day' });
    await kit.join(drive.id, me.user.id);
    const trees = kit.services().trees;
    const user = me.user as unknown as SessionUser;
    const tree = await trees.register(user, {
      form: buildTreeRegistration({ treeName: 'A', driveId: drive.id }),
      image: null,
    });
    // Care due from planting: a Spanish member's care notice.
    await kit.registerOnPlantingDay(me.headers, { treeName: 'Gate neem' });
    await kit.services().trees.sendCareReminders();
    await kit.idle();
    expect(await ofKind(me.user.id, 'tree_care')).toEqual([
      expect.objectContaining({ title: 'Un árbol necesita cuidados', body: 'Riega Gate neem.' }),
    ]);

    // A problem reported: the Hindi organiser hears what is wrong in Hindi.
    await trees.reportHealth(user, tree.id, {
      form: { status: 'needs-care', cause: 'pests', aliveCount: undefined },
      photo: null,
    });
    await kit.idle();
    expect(await ofKind(organiser.user.id, 'tree_needs_care')).toEqual([
      expect.objectContaining({
        title: '"Monsoon Day" के एक पेड़ को देखभाल की ज़रूरत है',
        body: 'बताया गया है कि A (नीम) को देखभाल की ज़रूरत है (कीट)।',
      }),
    ]);

    kit.clock.advance(DAY);
    await trees.reportHealth(user, tree.id, {
      form: { status: 'dead', cause: 'drought', aliveCount: undefined },
      photo: null,
    });
    await kit.idle();
    expect(await ofKind(organiser.user.id, 'tree_died')).toEqual([
      expect.objectContaining({
        title: '"Monsoon Day" का एक पेड़ मर गया है',
        body: 'बताया गया है कि A (नीम) मर गया (सूखा)। दोबारा पौधा लगाने का काम खुला है।',
      }),
    ]);
    expect(await ofKind(me.user.id, 'tree_died')).toEqual([
      expect.objectContaining({
        title: 'Murió un árbol de «Monsoon Day»',
        body: 'Se informó que A (Nim) murió (sequía). Hay una tarea de replantación abierta.',
      }),
    ]);
  });
});
