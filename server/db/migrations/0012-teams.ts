import { sql, type Kysely } from 'kysely';

/**
 * Corporate teams: a corporate account is an organisation, and its members act for it as owner,
 * admin or member. Invites are mailed links whose token is stored only as a SHA-256 hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_members')
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['organisation_id', 'user_id'])
    .execute();
  // "My teams" reads by member.
  await db.schema
    .createIndex('team_members_user_idx')
    .on('team_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('team_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'admin', 'member')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('users.id'))
    .addColumn('revoked_at', 'text')
    .execute();
  // The pending invites of an organisation, newest first.
  await db.schema
    .createIndex('team_invites_org_created_idx')
    .on('team_invites')
    .columns(['organisation_id', 'created_at'])
    .execute();

  // Existing corporate accounts start their team as its first owner.
  await sql`insert into team_members (organisation_id, user_id, role, joined_at)
    select id, id, 'owner', created_at from users
    where profile_type = 'corporate' and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_invites').execute();
  await db.schema.dropTable('team_members').execute();
}
