import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES,
  CLAIM_QUERY_PARAM,
  formatInZone,
  type Attendance,
  type AttendancePerson,
  type CheckInRequest,
  type DrivePass,
  type WalkIn,
} from '../../../contract/attendance';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import type { DriveRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { translator } from '../../lib/i18n';
import { composeMail, mailLayout } from '../../lib/mailer';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import type { SessionUser } from '../auth/auth.service';
import type { UsersService } from '../users/users.service';
import {
  driveAttendanceRepository,
  type AttendanceRow,
  type DriveAttendanceRepository,
} from './drive-attendance.repository';
import { displayName, driveLink } from './drive-mapper';
import { passQrSvg, type DrivePasses } from './drive-passes';
import { placeText, volunteerCertificatePdf } from './volunteer-certificate';
import { wallClockAt } from '../../../contract/wall-clock';
import { drivesRepository } from './drives.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Times = Pick<AttendanceRow, 'checked_in_at' | 'checked_out_at' | 'corrected_minutes'>;

/**
 * The minutes an attendance counts (docs/decisions/attended-hours.md): a correction as it is;
 * else check-out minus check-in (whole minutes) capped at the duration plus 2 hours; else, while
 * checked in, the drive's duration; nobody checked in counts nothing.
 */
export function attendedMinutes(row: Times, durationHours: number): number {
  if (row.corrected_minutes !== null) return row.corrected_minutes;
  if (!row.checked_in_at) return 0;
  const duration = Math.round(Number(durationHours) * 60);
  if (!row.checked_out_at) return duration;
  const span = Math.round(
    (Date.parse(row.checked_out_at) - Date.parse(row.checked_in_at)) / MINUTE_MS,
  );
  return Math.max(0, Math.min(span, duration + ATTENDANCE_LIMITS.capHoursOverDuration * 60));
}

/** Hours for answers: minutes / 60 to two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** When a drive's check-in opens and its recording closes. */
export function attendanceWindow(drive: Pick<DriveRow, 'starts_at' | 'duration_hours'>) {
  const start = Date.parse(drive.starts_at);
  const end = start + Number(drive.duration_hours) * HOUR_MS;
  return {
    opensAt: new Date(start - ATTENDANCE_LIMITS.opensHoursBefore * HOUR_MS).toISOString(),
    closesAt: new Date(end + ATTENDANCE_LIMITS.closesDaysAfter * DAY_MS).toISOString(),
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
  };
}

/** The walk-in's invitation, in the organiser's language (a walk-in may have no account). */
export function walkInInvitationMail(
  to: string,
  name: string,
  driveName: string,
  link: string,
  locale: string | null = null,
) {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('walkIn.subject', { drive: driveName }),
    [t('walkIn.intro', { name, drive: driveName }), t('walkIn.howTo', { email: to })],
    { label: t('walkIn.button'), value: link, href: link },
    mailLayout(t),
  );
}

export interface AttendanceDeps {
  uow: UnitOfWork;
  clock: Clock;
  mail: MailQueue;
  appUrl: string;
  passes: DrivePasses;
  users: Pick<UsersService, 'people' | 'personByEmail'>;
  /** The organiser, or an owner or admin of the organisation (drives service `actsFor`). */
  actsFor: (user: SessionUser, organiserId: string) => Promise<boolean>;
}

/**
 * Check-in at a drive (issue 21 §1): passes, check-ins by pass, member or walk-in, check-out,
 * corrections, the attendance list, and a walk-in's claim. Every write locks the drive row first
 * and recounts it last, in one transaction (drive-attendance.repository.ts).
 */
export function driveAttendance(deps: AttendanceDeps) {
  const { uow, clock, passes } = deps;
  const nowIso = () => clock.now().toISOString();
  const drivesOn = (db: Executor) => drivesRepository(db);

  async function requireDrive(id: string, db: Executor = uow.db): Promise<DriveRow> {
    const drive = await drivesOn(db).findById(id);
    if (!drive) throw notFound(DRIVE_MESSAGES.notFound);
    return drive;
  }

  async function requireManager(user: SessionUser, driveId: string): Promise<DriveRow> {
    const drive = await requireDrive(driveId);
    if (!(await deps.actsFor(user, drive.organizer_id)))
      throw forbidden(ATTENDANCE_MESSAGES.organiserOnly);
    return drive;
  }

  /** Refuses a write outside [opensAt, closesAt], saying when in the drive's zone. */
  function requireOpen(drive: DriveRow): void {
    const w = attendanceWindow(drive);
    const now = nowIso();
    if (now < w.opensAt)
      throw conflict(ATTENDANCE_MESSAGES.opensAt(formatInZone(w.opensAt, drive.time_zone)));
    if (now > w.closesAt)
      throw conflict(ATTENDANCE_MESSAGES.closed(formatInZone(w.closesAt, drive.time_zone)));
  }

  /** The people with a pass: the drive's participants and its organiser. */
  async function passHolders(db: Executor, drive: DriveRow): Promise<string[]> {
    return [drive.organizer_id, ...(await drivesOn(db).participantIds(drive.id))];
  }

  function personOf(
    drive: DriveRow,
    id: string,
    name: string,
    row: AttendanceRow | undefined,
  ): AttendancePerson {
    const isOrganiser = id === drive.organizer_id;
    const minutes = row
      ? row.minutes
      : isOrganiser
        ? Math.round(Number(drive.duration_hours) * 60)
        : 0;
    return {
      userId: id,
      name,
      isOrganiser,
      walkIn: row ? row.user_id === null : false,
      checkedIn: Boolean(row?.checked_in_at && !row.checked_out_at),
      checkedInAt: row?.checked_in_at ?? null,
      checkedOutAt: row?.checked_out_at ?? null,
      hours: hoursOf(minutes),
      minutes,
      corrected: row ? row.corrected_minutes !== null : false,
    };
  }

  /** The whole list: the organiser, the participants, walk-ins; with counts. */
  async function attendanceOf(drive: DriveRow, db: Executor = uow.db): Promise<Attendance> {
    const repo = driveAttendanceRepository(db);
    const [participantIds, rows] = await Promise.all([
      drivesOn(db).participantIds(drive.id),
      repo.forDrive(drive.id),
    ]);
    const byPerson = new Map(rows.map((r) => [r.person_id, r]));
    const memberIds = [
      ...new Set([
        drive.organizer_id,
        ...participantIds,
        ...rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
      ]),
    ];
    const people = await deps.users.people(memberIds, { db });
    const list: AttendancePerson[] = memberIds.map((id) => {
      const p = people.get(id);
      return personOf(drive, id, p ? displayName(p) : 'Former member', byPerson.get(id));
    });
    for (const r of rows)
      if (r.user_id === null)
        list.push(personOf(drive, r.person_id, r.walk_in_name ?? 'Walk-in', r));
    const [organiser, ...others] = list;
    others.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
    const w = attendanceWindow(drive);
    const now = nowIso();
    return {
      driveId: drive.id,
      driveName: drive.name,
      window: { ...w, open: now >= w.opensAt && now <= w.closesAt, timeZone: drive.time_zone },
      counts: countsOf(list, participantIds.length),
      people: [organiser!, ...others],
      totalHours: hoursOf(list.reduce((sum, p) => sum + p.minutes, 0)),
    };
  }

  function countsOf(list: AttendancePerson[], rsvped: number) {
    const others = list.filter((p) => !p.isOrganiser);
    return {
      checkedInNow: others.filter((p) => p.checkedIn).length,
      attended: others.filter((p) => p.checkedInAt !== null || p.minutes > 0).length,
      rsvped,
    };
  }

  /** The answer of a write: the person as they are now, and the drive's counts. */
  async function changeAnswer(tx: Tx, drive: DriveRow, personId: string) {
    const all = await attendanceOf(drive, tx.db);
    const person = all.people.find((p) => p.userId === personId)!;
    return { person, counts: all.counts };
  }

  /** Writes a row (made or changed), with its minutes, then recounts the drive. */
  async function save(
    repo: DriveAttendanceRepository,
    drive: DriveRow,
    existing: AttendanceRow | undefined,
    row: AttendanceRow,
  ): Promise<boolean> {
    row.minutes = attendedMinutes(row, drive.duration_hours);
    let made = false;
    if (existing) {
      const { drive_id: _d, person_id: _p, created_at: _c, ...changes } = row;
      await repo.update(drive.id, existing.person_id, changes);
    } else made = await repo.insertIfAbsent(row);
    await repo.recount(drive.id);
    return made;
  }

  function freshRow(drive: DriveRow, personId: string, userId: string | null): AttendanceRow {
    const now = nowIso();
    return {
      drive_id: drive.id,
      person_id: personId,
      user_id: userId,
      walk_in_name: null,
      walk_in_email: null,
      claim_hash: null,
      checked_in_at: null,
      checked_out_at: null,
      corrected_minutes: null,
      minutes: 0,
      created_at: now,
      updated_at: now,
    };
  }

  /** A member's check-in (they joined, or are the organiser): once, however often asked. */
  async function checkInMember(tx: Tx, drive: DriveRow, userId: string) {
    const repo = driveAttendanceRepository(tx.db);
    const existing = await repo.find(drive.id, userId);
    if (existing?.checked_in_at) return { personId: userId, already: true };
    const row = existing ? { ...existing } : freshRow(drive, userId, userId);
    row.checked_in_at = nowIso();
    row.updated_at = nowIso();
    await save(repo, drive, existing, row);
    return { personId: userId, already: false };
  }

  async function checkInWalkIn(tx: Tx, drive: DriveRow, walkIn: WalkIn, locale: string | null) {
    const member = await deps.users.personByEmail(walkIn.email, tx);
    if (member && !member.deletedAt) {
      if (member.id !== drive.organizer_id)
        await drivesOn(tx.db).addParticipant(drive.id, member.id, nowIso());
      return checkInMember(tx, drive, member.id);
    }
    const repo = driveAttendanceRepository(tx.db);
    const existing = await repo.byWalkInEmail(drive.id, walkIn.email);
    if (existing) return { personId: existing.person_id, already: true };
    const claim = newSecretToken();
    const row = freshRow(drive, newId(), null);
    Object.assign(row, {
      walk_in_name: walkIn.name,
      walk_in_email: walkIn.email,
      claim_hash: claim.hash,
      checked_in_at: nowIso(),
    });
    await save(repo, drive, undefined, row);
    const link = `${deps.appUrl}${driveLink(drive.id)}?${CLAIM_QUERY_PARAM}=${claim.token}`;
    await deps.mail.send(
      tx,
      walkInInvitationMail(walkIn.email, walkIn.name, drive.name, link, locale),
    );
    return { personId: row.person_id, already: false, invited: true };
  }

  /** The row of someone at the drive for a check-out or correction (a member or a walk-in). */
  async function requirePerson(tx: Tx, drive: DriveRow, personId: string) {
    const repo = driveAttendanceRepository(tx.db);
    const existing = await repo.find(drive.id, personId);
    if (existing) return existing;
    const holders = await passHolders(tx.db, drive);
    if (!holders.includes(personId)) throw notFound(ATTENDANCE_MESSAGES.notParticipant);
    return undefined;
  }

  /** Runs a write under the drive's lock, in the window; answers the person and counts. */
  async function write(
    user: SessionUser,
    driveId: string,
    work: (tx: Tx, drive: DriveRow) => Promise<{ personId: string; already: boolean }>,
  ) {
    await requireManager(user, driveId);
    return uow.withTransaction(async (tx) => {
      if (!(await driveAttendanceRepository(tx.db).lockDrive(driveId)))
        throw notFound(DRIVE_MESSAGES.notFound);
      const drive = await requireDrive(driveId, tx.db);
      requireOpen(drive);
      const { personId, already } = await work(tx, drive);
      return { ...(await changeAnswer(tx, drive, personId)), alreadyCheckedIn: already };
    });
  }

  return {
    /** The caller's pass for a drive they joined or organise; 403 for anyone else. */
    async pass(user: SessionUser, driveId: string): Promise<DrivePass> {
      const drive = await requireDrive(driveId);
      if (drive.organizer_id !== user.id) {
        const joined = await drivesOn(uow.db).participationsIn([driveId], '');
        if (!joined.some((p) => p.user_id === user.id))
          throw forbidden(ATTENDANCE_MESSAGES.passParticipantsOnly);
      }
      const code = passes.codeFor(driveId, user.id);
      return { code, qrSvg: await passQrSvg(code) };
    },

    /** A participant's pass code (the reminder mail). */
    passCode: (driveId: string, userId: string) => passes.codeFor(driveId, userId),

    async attendance(user: SessionUser, driveId: string): Promise<Attendance> {
      return attendanceOf(await requireManager(user, driveId));
    },

    checkIn(user: SessionUser, driveId: string, body: CheckInRequest) {
      return write(user, driveId, async (tx, drive) => {
        if (body.walkIn) return checkInWalkIn(tx, drive, body.walkIn, user.locale);
        let userId = body.userId;
        if (body.code !== undefined) {
          userId = passes.holderOf(drive.id, body.code, await passHolders(tx.db, drive));
          if (!userId) throw new AppError(400, 'BAD_REQUEST', ATTENDANCE_MESSAGES.passNotForDrive);
        }
        const existing = await requirePerson(tx, drive, userId!);
        if (existing && existing.user_id === null) {
          // A walk-in found by their id in the list.
          if (existing.checked_in_at) return { personId: existing.person_id, already: true };
        }
        if (existing?.user_id === null) {
          const row = { ...existing, checked_in_at: nowIso(), updated_at: nowIso() };
          await save(driveAttendanceRepository(tx.db), drive, existing, row);
          return { personId: existing.person_id, already: false };
        }
        return checkInMember(tx, drive, userId!);
      });
    },

    checkOut(user: SessionUser, driveId: string, personId: string) {
      return write(user, driveId, async (tx, drive) => {
        const existing = await requirePerson(tx, drive, personId);
        if (!existing?.checked_in_at) throw conflict(ATTENDANCE_MESSAGES.notCheckedIn);
        if (existing.checked_out_at) return { personId, already: true };
        const row = { ...existing, checked_out_at: nowIso(), updated_at: nowIso() };
        await save(driveAttendanceRepository(tx.db), drive, existing, row);
        return { personId, already: false };
      });
    },

    correct(user: SessionUser, driveId: string, personId: string, hours: number) {
      return write(user, driveId, async (tx, drive) => {
        const existing = await requirePerson(tx, drive, personId);
        const base = existing ? { ...existing } : freshRow(drive, personId, personId);
        const row = { ...base, corrected_minutes: Math.round(hours * 60), updated_at: nowIso() };
        await save(driveAttendanceRepository(tx.db), drive, existing, row);
        return { personId, already: false };
      });
    },

    /**
     * A walk-in's claim: the signed-in member with the invited email takes the attendance (and
     * joins the drive), in one transaction. A second claim of the same link is refused.
     */
    async claim(user: SessionUser, driveId: string, token: string) {
      return uow.withTransaction(async (tx) => {
        const repo = driveAttendanceRepository(tx.db);
        const row = await repo.byClaim(driveId, hashSecretToken(token));
        if (!row || row.user_id !== null)
          throw new AppError(400, 'BAD_REQUEST', ATTENDANCE_MESSAGES.claimInvalid);
        if ((row.walk_in_email ?? '').toLowerCase() !== user.email.toLowerCase())
          throw forbidden(ATTENDANCE_MESSAGES.claimOtherEmail);
        await repo.lockDrive(driveId);
        const drive = await requireDrive(driveId, tx.db);
        const mine = await repo.find(driveId, user.id);
        if (mine) {
          // Already there as a member: the walk-in row was the same person twice.
          await repo.remove(driveId, row.person_id);
          if (!mine.checked_in_at && row.checked_in_at) {
            const merged = {
              ...mine,
              checked_in_at: row.checked_in_at,
              checked_out_at: row.checked_out_at,
              updated_at: nowIso(),
            };
            await save(repo, drive, mine, merged);
          } else await repo.recount(driveId);
        } else {
          await repo.update(driveId, row.person_id, {
            person_id: user.id,
            user_id: user.id,
            walk_in_name: null,
            walk_in_email: null,
            claim_hash: null,
            updated_at: nowIso(),
          });
          await repo.recount(driveId);
        }
        if (user.id !== drive.organizer_id)
          await drivesOn(tx.db).addParticipant(driveId, user.id, nowIso());
        const after = await repo.find(driveId, user.id);
        return { driveId, hours: hoursOf(after?.minutes ?? 0) };
      });
    },

    /**
     * The member's volunteer certificate for a year (drives starting that year, UTC): each attended
     * drive with its date (in the drive's zone), place, hours and organiser, and the total.
     */
    async certificate(user: SessionUser, year: number) {
      if (year > clock.now().getUTCFullYear())
        throw new AppError(400, 'BAD_REQUEST', ATTENDANCE_MESSAGES.yearInvalid, { field: 'year' });
      const from = `${year}-01-01T00:00:00.000Z`;
      const before = `${year + 1}-01-01T00:00:00.000Z`;
      const repo = driveAttendanceRepository(uow.db);
      const [attended, organised] = await Promise.all([
        repo.attendedBy(user.id, from, before),
        repo.organisedWithoutRow(user.id, from, before),
      ]);
      const now = nowIso();
      const rows = [...attended, ...organised]
        // The organiser's own hours count once the drive has started.
        .filter((r) => r.organizer_id !== user.id || r.starts_at <= now || attended.includes(r))
        .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));
      const people = await deps.users.people(
        new Set([user.id, ...rows.map((r) => r.organizer_id)]),
      );
      const nameOf = (id: string) => {
        const p = people.get(id);
        return p ? displayName(p) : 'Former member';
      };
      const pad = (n: number) => String(n).padStart(2, '0');
      const body = await volunteerCertificatePdf({
        name: nameOf(user.id),
        year,
        issuedOn: now.slice(0, 10),
        locale: user.locale,
        drives: rows.map((r) => {
          const w = wallClockAt(new Date(r.starts_at), r.time_zone);
          return {
            name: r.name,
            date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
            place: placeText(r.location_text, r.country),
            organiser: nameOf(r.organizer_id),
            minutes: Number(r.minutes),
          };
        }),
      });
      return { filename: `canopy-volunteer-certificate-${year}.pdf`, body };
    },

    /**
     * In another write's transaction: the drive's rows counted again for a new duration (the
     * default and the cap follow it).
     */
    async durationChanged(tx: Tx, driveId: string): Promise<void> {
      const repo = driveAttendanceRepository(tx.db);
      const drive = await requireDrive(driveId, tx.db);
      for (const row of await repo.forDrive(driveId)) {
        const minutes = attendedMinutes(row, drive.duration_hours);
        if (minutes !== row.minutes) await repo.update(driveId, row.person_id, { minutes });
      }
      await repo.recount(driveId);
    },

    /** In a leave's transaction: the member's attendance at that drive goes with the participation. */
    async left(tx: Tx, driveId: string, userId: string): Promise<void> {
      const repo = driveAttendanceRepository(tx.db);
      if (!(await repo.find(driveId, userId))) return;
      await repo.lockDrive(driveId);
      await repo.remove(driveId, userId);
      await repo.recount(driveId);
    },

    /** In an account deletion's transaction: the member's attendance goes, each drive recounted. */
    async accountDeleted(tx: Tx, userId: string): Promise<void> {
      const repo = driveAttendanceRepository(tx.db);
      const driveIds = [...new Set(await repo.driveIdsOf(userId))].sort();
      for (const id of driveIds) await repo.lockDrive(id);
      await repo.removeAllOf(userId);
      for (const id of driveIds) await repo.recount(id);
    },
  };
}
export type DriveAttendanceService = ReturnType<typeof driveAttendance>;
