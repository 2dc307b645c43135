import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, validForm } from './drive-test-kit';

describe.each(databaseTargets)("a drive's time zone on $name", (target) => {
  const { setup, db, corporate, create, edit, call } = driveApi(target);

  const storedZone = async (id: string) =>
    (
      await db()
        .selectFrom('drives')
        .select('time_zone')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).time_zone;

  it('comes from the chosen point on create, never from the client', async () => {
    await setup();
    const me = await corporate();
    // Mumbai; the client's own zone fields are not form fields and are dropped.
    const res = await create(
      me.headers,
      validForm({ timeZone: 'Europe/London', time_zone: 'Europe/London' }),
    );
    expect(res.statusCode).toBe(201);
    const drive = res.json().data.data;
    expect(drive.timeZone).toBe('Asia/Kolkata');
    expect(await storedZone(drive.id)).toBe('Asia/Kolkata');

    const detail = await call('GET', `/api/drives/${drive.id}`, me.headers);
    expect(detail.json().data.timeZone).toBe('Asia/Kolkata');
    const list = await call('GET', '/api/trees/geteventdetail?page=1&limit=10', me.headers);
    expect(list.json().data[0].timeZone).toBe('Asia/Kolkata');
  });

  it('follows the point when an edit moves the drive', async () => {
    await setup();
    const me = await corporate();
    const id = (await create(me.headers)).json().data.data.id as string;
    const res = await edit(
      id,
      me.headers,
      validForm({ country: 'US', driveLat: '40.7812', driveLong: '-73.9665' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await storedZone(id)).toBe('America/New_York');
    const detail = await call('GET', `/api/drives/${id}`, me.headers);
    expect(detail.json().data.timeZone).toBe('America/New_York');
  });

  it('shows in the calendar entries', async () => {
    await setup();
    const me = await corporate();
    await create(me.headers, validForm({ driveLat: '-33.8688', driveLong: '151.2093' }));
    const res = await call('GET', '/api/drives/calendar?from=2026-06-01&to=2026-06-30', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((e: { timeZone: string }) => e.timeZone)).toEqual([
      'Australia/Sydney',
    ]);
  });
});
