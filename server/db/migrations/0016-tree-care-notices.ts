import { sql, type Kysely } from 'kysely';

/**
 * `tree_notice_claims` (a key per "once": a care task, a weekly digest, a drive's death notice of
 * the day, the daily job's run) gives way to the jobs queue (issue 18 §4): the schedule runs once
 * per tick across app servers, the digest is a keyed mail, a death is a job. What stays is a
 * record of the care tasks a member was told about, written by the notice job in the transaction
 * that writes the notice: "newly due" is "due and not in the record". The care claims already
 * made are copied into it, so no task is told twice across the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_care_notices')
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('task', 'text', (c) => c.notNull())
    // The day the task fell due (YYYY-MM-DD): the same due date is the same task.
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tree_care_notices_pkey', ['tree_id', 'task', 'due_on'])
    .execute();
  // Account deletion; the daily prune.
  await db.schema
    .createIndex('tree_care_notices_owner_idx')
    .on('tree_care_notices')
    .column('owner_id')
    .execute();
  await db.schema
    .createIndex('tree_care_notices_created_idx')
    .on('tree_care_notices')
    .column('created_at')
    .execute();

  // Care claims are `care:<tree>:<task>:<YYYY-MM-DD>`; the others (digests, deaths, the daily
  // run) are not needed any more. A claim of a tree that is gone is left behind.
  const { rows } = await sql<{ key: string; user_id: string | null; created_at: string }>`
    select c.key, c.user_id, c.created_at from tree_notice_claims c
    where c.key like 'care:%' and c.user_id is not null`.execute(db);
  const records = rows.flatMap((row) => {
    const [, treeId, task, dueOn, ...rest] = row.key.split(':');
    return treeId && task && dueOn && rest.length === 0 && row.user_id
      ? [
          {
            tree_id: treeId,
            task,
            due_on: dueOn,
            owner_id: row.user_id,
            created_at: row.created_at,
          },
        ]
      : [];
  });
  for (let i = 0; i < records.length; i += 200) {
    const batch = records.slice(i, i + 200);
    const treeIds = [...new Set(batch.map((r) => r.tree_id))];
    const { rows: trees } = await sql<{ id: string }>`
      select id from trees where id in (${sql.join(treeIds)})`.execute(db);
    const known = new Set(trees.map((t) => t.id));
    const kept = batch.filter((r) => known.has(r.tree_id));
    if (kept.length === 0) continue;
    await sql`insert into tree_care_notices (tree_id, task, due_on, owner_id, created_at)
      values ${sql.join(
        kept.map(
          (r) => sql`(${r.tree_id}, ${r.task}, ${r.due_on}, ${r.owner_id}, ${r.created_at})`,
        ),
      )}
      on conflict do nothing`.execute(db);
  }

  await db.schema.dropTable('tree_notice_claims').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_notice_claims')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tree_notice_claims_user_idx')
    .on('tree_notice_claims')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('tree_notice_claims_created_idx')
    .on('tree_notice_claims')
    .column('created_at')
    .execute();
  await sql`insert into tree_notice_claims (key, user_id, created_at)
    select 'care:' || tree_id || ':' || task || ':' || due_on, owner_id, created_at
    from tree_care_notices`.execute(db);
  await db.schema.dropIndex('tree_care_notices_created_idx').ifExists().execute();
  await db.schema.dropIndex('tree_care_notices_owner_idx').ifExists().execute();
  await db.schema.dropTable('tree_care_notices').execute();
}
