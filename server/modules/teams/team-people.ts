import type { TeamRole } from '../../../contract/teams';
import type { Executor } from '../../db/unit-of-work';
import type { UsersService } from '../users/users.service';
import { teamsRepository, type InviteRow, type MemberRecord } from './teams.repository';

/** What teams asks the users module: people by id or email, in the caller's transaction. */
export type TeamPeople = Pick<UsersService, 'people' | 'joinPeople' | 'person' | 'personByEmail'>;

export interface MemberRow extends MemberRecord {
  username: string;
  name: string | null;
  email: string;
  /** Their saved language, for the notices they get (issue 26). */
  locale: string | null;
}

export interface MembershipRow {
  organisation_id: string;
  role: TeamRole;
  org_username: string;
  org_name: string | null;
}

/** Binary order, as `order by username` sorts on both databases (PostgreSQL runs with C collation). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The teams repository on an executor, with the people its rows name read from the users module
 * (one batch per page). Reads that joined `users` before answer the same rows from here.
 */
export function teamsStore(users: TeamPeople) {
  return (db: Executor) => {
    const repo = teamsRepository(db);
    const on = { db };

    /** Rows with their person's names; a row whose person is unknown is left out (as a join did). */
    const withPeople = <R extends { user_id: string }>(rows: R[]) =>
      users.joinPeople(
        rows,
        (r) => r.user_id,
        (row, person) => ({
          ...row,
          username: person.username,
          name: person.name,
          email: person.email,
          locale: person.locale,
        }),
        on,
      );

    return {
      ...repo,

      /** The organisation account (a live corporate account), or undefined. */
      async organisation(id: string) {
        const person = await users.person(id, on);
        if (!person || person.deletedAt || person.profileType !== 'corporate') return undefined;
        const { username, name, email } = person;
        return { id, username, name, email, profile_type: person.profileType };
      },

      /** A live account's names and email, or undefined. */
      async userById(id: string) {
        const person = await users.person(id, on);
        if (!person || person.deletedAt) return undefined;
        return { id, username: person.username, name: person.name, email: person.email };
      },

      /** The saved language of each of these members (absent: unknown), in one read. */
      async localesOf(ids: readonly string[]): Promise<Map<string, string | null>> {
        const people = await users.people([...new Set(ids)], on);
        return new Map([...people].map(([id, p]) => [id, p.locale]));
      },

      /** The live organisations the person is in, by the organisation's username. */
      async membershipsOf(userId: string): Promise<MembershipRow[]> {
        const records = await repo.membershipRecords(userId);
        const orgs = await users.people(
          records.map((r) => r.organisation_id),
          on,
        );
        return records
          .flatMap((r) => {
            const org = orgs.get(r.organisation_id);
            return org && !org.deletedAt
              ? [{ ...r, org_username: org.username, org_name: org.name }]
              : [];
          })
          .sort((a, b) => byText(a.org_username, b.org_username));
      },

      async member(organisationId: string, userId: string): Promise<MemberRow | undefined> {
        const record = await repo.memberRecord(organisationId, userId);
        return record && (await withPeople([record]))[0];
      },

      /** Owners first, then admins, then members; by joining date within a role. */
      async members(organisationId: string, limit: number, offset: number) {
        const { rows, total } = await repo.memberRecords(organisationId, limit, offset);
        return { rows: await withPeople(rows), total };
      },

      /** Open invites (not accepted, not withdrawn) with who sent each, newest first. */
      async openInvites(organisationId: string, limit: number, offset: number) {
        const { rows, total } = await repo.openInviteRecords(organisationId, limit, offset);
        const inviters = await users.people(
          rows.map((r) => r.invited_by),
          on,
        );
        return {
          rows: rows.flatMap(
            (row): Array<InviteRow & { inviter_username: string; inviter_name: string | null }> => {
              const inviter = inviters.get(row.invited_by);
              return inviter
                ? [{ ...row, inviter_username: inviter.username, inviter_name: inviter.name }]
                : [];
            },
          ),
          total,
        };
      },

      /** Whether the account with this email is in the team. */
      async memberByEmail(organisationId: string, email: string): Promise<boolean> {
        const user = await users.personByEmail(email, on);
        return !!user && (await repo.roleOf(organisationId, user.id)) !== undefined;
      },
    };
  };
}
export type TeamsStore = ReturnType<ReturnType<typeof teamsStore>>;
