import { describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, validForm } from './drive-test-kit';

// Issue 26: who joined a drive hears of its changes and its cancelling in their own language.
describe.each(databaseTargets)('drive notices in the reader’s language on $name', (target) => {
  const { setup, db, corporate, create, edit, call, join, noticesOf } = driveApi(target);

  it('tells a Spanish and a Hindi participant in their languages, an English one as before', async () => {
    await setup();
    const owner = await corporate();
    const drive = (await create(owner.headers)).json().data.data;
    const spanish = await insertUser(db(), { locale: 'es' });
    const hindi = await insertUser(db(), { locale: 'hi' });
    const english = await insertUser(db());
    for (const p of [spanish, hindi, english]) await join(drive.id, p.id);

    const form = validForm({ driveName: 'Mangrove Day' });
    expect((await edit(drive.id, owner.headers, form)).statusCode).toBe(200);
    expect((await noticesOf(spanish.id))[0]).toMatchObject({
      kind: 'drive_changed',
      title: 'Una jornada a la que te uniste ha cambiado',
      body: 'Quien organiza «Mangrove Day» hizo cambios. Revisa la fecha, la hora y el lugar.',
    });
    expect((await noticesOf(english.id))[0]).toMatchObject({
      title: 'A drive you joined has changed',
      body: '"Mangrove Day" was updated by its organiser. Please check the date, time and place.',
    });

    expect((await call('DELETE', `/api/drives/${drive.id}`, owner.headers)).statusCode).toBe(200);
    const cancelled = (await noticesOf(hindi.id)).find((n) => n.kind === 'drive_deleted');
    expect(cancelled).toMatchObject({
      title: 'आपके शामिल हुए एक अभियान को रद्द कर दिया गया',
      body: '"Mangrove Day" को उसके आयोजक ने रद्द कर दिया है।',
    });
    const told = (await noticesOf(english.id)).find((n) => n.kind === 'drive_deleted');
    expect(told).toMatchObject({ body: '"Mangrove Day" was cancelled by its organiser.' });
  });
});
