import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0045 (trees module, issue 20): `tree_owner_counts`, how many tree records each member has, so
 * My trees' total, the profile's "trees registered" and the member's tree list read one row
 * instead of counting every record of the member (asha at a million: 6,424 index entries per
 * request, 65 pages cold on PostgreSQL). Triggers on `trees` keep it in the writing statement,
 * whoever writes (the repository, seeds, test factories, the scale builder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_owner_counts')
    .addColumn('owner_id', 'text', (c) => c.primaryKey())
    .addColumn('records', 'integer', (c) => c.notNull())
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql`insert into tree_owner_counts (owner_id, records)
      select owner_id, count(*) from trees group by owner_id`.execute(db);
}

/** Adds `n` (1 or -1) to a member's records; a member with none left has no row. */
const add = (owner: string, n: 1 | -1) =>
  `insert into tree_owner_counts (owner_id, records) values (${owner}, ${n})
     on conflict (owner_id) do update set records = tree_owner_counts.records + excluded.records;
   delete from tree_owner_counts where owner_id = ${owner} and records <= 0`;

function sqliteTriggers(): string[] {
  return [
    `create trigger tree_owner_counts_insert after insert on trees begin
       ${add('new.owner_id', 1)}; end`,
    `create trigger tree_owner_counts_delete after delete on trees begin
       ${add('old.owner_id', -1)}; end`,
    `create trigger tree_owner_counts_update after update of owner_id on trees
       when old.owner_id is not new.owner_id begin
       ${add('old.owner_id', -1)}; ${add('new.owner_id', 1)}; end`,
  ];
}

// `set search_path from current`: the function names this schema's table whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function tree_owner_counts_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${add('old.owner_id', -1)}; end if;
       if tg_op in ('UPDATE', 'INSERT') then ${add('new.owner_id', 1)}; end if;
       return null;
     end $$`,
    `create trigger tree_owner_counts_insert_delete after insert or delete on trees
       for each row execute function tree_owner_counts_summary()`,
    `create trigger tree_owner_counts_update after update of owner_id on trees
       for each row when (old.owner_id is distinct from new.owner_id)
       execute function tree_owner_counts_summary()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger tree_owner_counts_insert_delete on trees',
        'drop trigger tree_owner_counts_update on trees',
        'drop function tree_owner_counts_summary()',
      ]
    : ['insert', 'delete', 'update'].map((t) => `drop trigger tree_owner_counts_${t}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('tree_owner_counts').execute();
}
