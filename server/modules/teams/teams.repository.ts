import { sql, type Kysely } from 'kysely';
import type { TeamRole } from '../../../contract/teams';
import type { Database } from '../../db/tables';

/** A team member's row; their names come from the users module (team-people.ts). */
export interface MemberRecord {
  user_id: string;
  role: TeamRole;
  joined_at: string;
}

export interface InviteRow {
  id: string;
  organisation_id: string;
  email: string;
  role: TeamRole;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

const n = (value: unknown) => Number(value ?? 0);

export function teamsRepository(db: Kysely<Database>) {
  /** Owners of the organisation, counted in the statement that writes (the conditional write). */
  const ownerCount = sql<number>`(select count(*) from team_members o
    where o.organisation_id = team_members.organisation_id and o.role = 'owner')`;

  return {
    /** A corporate account is its organisation's first owner; true when the row was new. */
    async ensureOrganisationRow(organisationId: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('team_members')
        .values({
          organisation_id: organisationId,
          user_id: organisationId,
          role: 'owner',
          joined_at: at,
        })
        .onConflict((oc) => oc.columns(['organisation_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return n(result.numInsertedOrUpdatedRows) > 0;
    },

    /**
     * Takes the organisation row's lock (PostgreSQL), so role changes and removals in one team run
     * one after another; SQLite has one writer anyway.
     */
    async lockTeam(organisationId: string): Promise<void> {
      await db
        .updateTable('team_members')
        .set((eb) => ({ role: eb.ref('role') }))
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', organisationId)
        .execute();
    },

    /** The owners and admins of an organisation (who act for its drives), at most `limit`. */
    managerIds: (organisationId: string, limit: number) =>
      db
        .selectFrom('team_members')
        .select('user_id')
        .where('organisation_id', '=', organisationId)
        .where('role', 'in', ['owner', 'admin'])
        .orderBy('user_id')
        .limit(limit)
        .execute(),

    async roleOf(organisationId: string, userId: string): Promise<TeamRole | undefined> {
      const row = await db
        .selectFrom('team_members')
        .select('role')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    /** Every team the person is in (a handful), with their role there. */
    membershipRecords: (userId: string) =>
      db
        .selectFrom('team_members')
        .select(['organisation_id', 'role'])
        .where('user_id', '=', userId)
        .execute(),

    async memberRecord(organisationId: string, userId: string): Promise<MemberRecord | undefined> {
      return db
        .selectFrom('team_members')
        .select(['user_id', 'role', 'joined_at'])
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Owners first, then admins, then members; by joining date within a role. */
    async memberRecords(organisationId: string, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('team_members as m')
          .select(['m.user_id', 'm.role', 'm.joined_at'])
          .where('m.organisation_id', '=', organisationId)
          .orderBy(sql`case m.role when 'owner' then 0 when 'admin' then 1 else 2 end`)
          .orderBy('m.joined_at')
          .orderBy('m.user_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('team_members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organisation_id', '=', organisationId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as MemberRecord[], total: n(total.n) };
    },

    async insertMember(row: {
      organisation_id: string;
      user_id: string;
      role: TeamRole;
      joined_at: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('team_members')
        .values(row)
        .onConflict((oc) => oc.columns(['organisation_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return n(result.numInsertedOrUpdatedRows) > 0;
    },

    /** Changes the role unless that would leave the organisation without an owner; true when it did. */
    async setRoleKeepingOwner(
      organisationId: string,
      userId: string,
      role: TeamRole,
    ): Promise<boolean> {
      const result = await db
        .updateTable('team_members')
        .set({ role })
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .$if(role !== 'owner', (q) =>
          q.where((eb) => eb.or([eb('role', '!=', 'owner'), eb(ownerCount, '>', 1)])),
        )
        .executeTakeFirst();
      return n(result.numUpdatedRows) > 0;
    },

    /** Removes the member unless they are the last owner; true when a row went. */
    async removeKeepingOwner(organisationId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('team_members')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('role', '!=', 'owner'), eb(ownerCount, '>', 1)]))
        .executeTakeFirst();
      return n(result.numDeletedRows) > 0;
    },

    // ---- invites ------------------------------------------------------------------------

    async insertInvite(row: InviteRow): Promise<void> {
      await db.insertInto('team_invites').values(row).execute();
    },

    async inviteById(organisationId: string, id: string): Promise<InviteRow | undefined> {
      return db
        .selectFrom('team_invites')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst() as Promise<InviteRow | undefined>;
    },

    async inviteByTokenHash(tokenHash: string): Promise<InviteRow | undefined> {
      return db
        .selectFrom('team_invites')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst() as Promise<InviteRow | undefined>;
    },

    /** Open invites (not accepted, not withdrawn), expired ones too so they can be sent again. */
    async openInviteRecords(organisationId: string, limit: number, offset: number) {
      const open = db
        .selectFrom('team_invites as i')
        .where('i.organisation_id', '=', organisationId)
        .where('i.accepted_at', 'is', null)
        .where('i.revoked_at', 'is', null);
      const [rows, total] = await Promise.all([
        open
          .selectAll('i')
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as InviteRow[], total: n(total.n) };
    },

    async openInviteFor(organisationId: string, email: string): Promise<InviteRow | undefined> {
      return db
        .selectFrom('team_invites')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst() as Promise<InviteRow | undefined>;
    },

    /** A new link (and a new week) for an open invite; true when it was still open. */
    async renewInvite(id: string, tokenHash: string, role: TeamRole, expiresAt: string) {
      const result = await db
        .updateTable('team_invites')
        .set({ token_hash: tokenHash, role, expires_at: expiresAt })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return n(result.numUpdatedRows) > 0;
    },

    async revokeInvite(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('team_invites')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return n(result.numUpdatedRows) > 0;
    },

    /** Spends the invite once: only an open, unexpired invite is marked accepted. */
    async claimInvite(id: string, userId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('team_invites')
        .set({ accepted_at: at, accepted_by: userId })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return n(result.numUpdatedRows) > 0;
    },

    // ---- account deletion ---------------------------------------------------------------

    /** The organisations the person was in (before leaving), with their role there. */
    async leaveAll(userId: string) {
      const rows = await db
        .selectFrom('team_members')
        .select(['organisation_id', 'role'])
        .where('user_id', '=', userId)
        .where('organisation_id', '!=', userId)
        .execute();
      await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
      return rows;
    },

    /** Who was in the organisation's team (besides the organisation), before it goes. */
    async dissolve(organisationId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('team_members')
        .select('user_id')
        .where('organisation_id', '=', organisationId)
        .where('user_id', '!=', organisationId)
        .execute();
      await db.deleteFrom('team_invites').where('organisation_id', '=', organisationId).execute();
      await db.deleteFrom('team_members').where('organisation_id', '=', organisationId).execute();
      return rows.map((r) => r.user_id);
    },

    /** An organisation left without owners is owned by its own account again. */
    async restoreOwnerIfNone(organisationId: string): Promise<void> {
      await db
        .updateTable('team_members')
        .set({ role: 'owner' })
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', organisationId)
        .where(
          sql<boolean>`not exists (select 1 from team_members o
          where o.organisation_id = ${organisationId} and o.role = 'owner')`,
        )
        .execute();
    },

    async revokeInvitesBy(userId: string, at: string): Promise<void> {
      await db
        .updateTable('team_invites')
        .set({ revoked_at: at })
        .where('invited_by', '=', userId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
export type TeamsRepository = ReturnType<typeof teamsRepository>;
