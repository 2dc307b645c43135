import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { PARTICIPATION_CHANGES_PER_HOUR } from './drive-participation';
import { driveApi } from './drive-test-kit';

const HOUR = 3_600_000;

describe.each(databaseTargets)('join/leave limits and coalesced notices on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, signIn, call, insertDrive, noticesOf, clock } = h;
  const joinUrl = (id: string) => `/api/drives/${id}/participants`;

  it('allows 10 changes an hour per member and drive, then a clear 429 with Retry-After', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const drive = await insertDrive(organiser.id);
    const other = await insertDrive(organiser.id);
    const me = await signIn({ name: 'Asha Menon' });
    const friend = await signIn({ name: 'Wanjiru' });
    for (let i = 0; i < PARTICIPATION_CHANGES_PER_HOUR; i++) {
      const res = await call(i % 2 ? 'DELETE' : 'POST', joinUrl(drive.id), me.headers);
      expect(res.statusCode).toBe(200);
    }
    const limited = await call('POST', joinUrl(drive.id), me.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: DRIVE_MESSAGES.tooManyParticipationChanges.replace('{minutes}', '60'),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    // Nothing changed: the member is still out of the drive.
    const detail = await call('GET', `/api/drives/${drive.id}`, me.headers);
    expect(detail.json().data).toMatchObject({ joined: false, participantCount: 0 });
    // Another drive, and another member, are not affected.
    expect((await call('POST', joinUrl(other.id), me.headers)).statusCode).toBe(200);
    expect((await call('POST', joinUrl(drive.id), friend.headers)).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await call('POST', joinUrl(drive.id), me.headers)).statusCode).toBe(200);
  });

  it('100 join/leave cycles leave the organiser one notice, updated in place', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const drive = await insertDrive(organiser.id);
    const me = await signIn({ name: 'Asha Menon' });
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(method, joinUrl(drive.id), me.headers);
        if (res.statusCode === 429) refused++;
        else expect(res.statusCode).toBe(200);
      }
    }
    expect(refused).toBe(200 - PARTICIPATION_CHANGES_PER_HOUR);
    const notices = await noticesOf(organiser.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ group_count: PARTICIPATION_CHANGES_PER_HOUR });
    expect(notices[0]!.body).toBe(
      `10 joins and leaves on "${drive.name}" since you last looked; the latest: Asha Menon left.`,
    );
  });

  it('coalesces across members and over time until the organiser reads the notice', async () => {
    await setup();
    const organiser = await insertUser(db(), { profile_type: 'corporate' });
    const drive = await insertDrive(organiser.id, { starts_at: '2026-12-20T08:00:00.000Z' });
    const other = await insertDrive(organiser.id, { starts_at: '2026-12-20T08:00:00.000Z' });
    const people = await Promise.all([1, 2, 3].map((n) => signIn({ name: `Person ${n}` })));
    for (const person of people) await call('POST', joinUrl(drive.id), person.headers);
    let notices = await noticesOf(organiser.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('3 joins and leaves');
    expect(notices[0]!.body).toContain('Person 3 joined');
    // A different drive has its own notice.
    await call('POST', joinUrl(other.id), people[0]!.headers);
    expect(await noticesOf(organiser.id)).toHaveLength(2);
    // Hours later, still unread: the same row, moved to the top.
    clock.advance(3 * HOUR);
    const later = await signIn({ name: 'Late Comer' });
    await call('POST', joinUrl(drive.id), later.headers);
    notices = await noticesOf(organiser.id);
    expect(notices).toHaveLength(2);
    const merged = notices.find((n) => n.group_key === `drive-participation:${drive.id}`)!;
    expect(merged).toMatchObject({ group_count: 4, created_at: clock.now().toISOString() });
    // Once read, the next change starts a new notice.
    await db()
      .updateTable('notifications')
      .set({ read_at: clock.now().toISOString() })
      .where('id', '=', merged.id)
      .execute();
    await call('DELETE', joinUrl(drive.id), later.headers);
    notices = await noticesOf(organiser.id);
    expect(notices).toHaveLength(3);
    // The read notice and the new one share a timestamp here, so pick the unread one, not the last.
    const unread = notices.filter((n) => n.group_key === merged.group_key && n.read_at === null);
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({
      title: 'Someone left your drive',
      body: `Late Comer left "${drive.name}".`,
      group_count: 1,
    });
  });
});
