import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0067 (trees module, issue 20): `tree_replanting_counts`, each member's open replanting tasks
 * (dead trees no registration replaced yet), so the replanting page's total reads one row instead
 * of probing every dead tree of the member for a replacement (asha at a million: 271 a request).
 * Triggers on `trees` recount the owners a write can touch (the tree's owner before and after, and
 * the owner of the tree it replaces, before and after): a recount is idempotent, so it stays right
 * when PostgreSQL runs a statement's row triggers after all its rows. A member with none has no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_replanting_counts')
    .addColumn('owner_id', 'text', (c) => c.primaryKey())
    .addColumn('open', 'integer', (c) => c.notNull())
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const s of postgres ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  await sql.raw(`insert into tree_replanting_counts (owner_id, open) ${OPEN_BY_OWNER}`).execute(db);
}

/** Every member's open replanting tasks, counted from the rows (the fill, and the checks). */
export const OPEN_BY_OWNER = `select t.owner_id, count(*) as open from trees t
  where t.status = 'dead' and not exists (select 1 from trees r where r.replaces_tree_id = t.id)
  group by t.owner_id`;

/** Recounts one member's open tasks (`owner` may be null: nothing to do). */
const recount = (owner: string) =>
  `insert into tree_replanting_counts (owner_id, open)
     select o.id, (select count(*) from trees t where t.owner_id = o.id and t.status = 'dead'
         and not exists (select 1 from trees r where r.replaces_tree_id = t.id))
     from (select ${owner} as id) o where o.id is not null
     on conflict (owner_id) do update set open = excluded.open;
   delete from tree_replanting_counts where owner_id = (${owner}) and open = 0`;

const ownerOf = (tree: string) => `(select owner_id from trees where id = ${tree})`;

/** Writes that can open or close a task: a dead tree, or a tree that replaces another. */
const touches = (row: 'new' | 'old') =>
  `${row}.status = 'dead' or ${row}.replaces_tree_id is not null`;

function sqliteTriggers(): string[] {
  return [
    `create trigger tree_replanting_counts_insert after insert on trees
       when ${touches('new')} begin
       ${recount('new.owner_id')}; ${recount(ownerOf('new.replaces_tree_id'))}; end`,
    `create trigger tree_replanting_counts_delete after delete on trees
       when ${touches('old')} begin
       ${recount('old.owner_id')}; ${recount(ownerOf('old.replaces_tree_id'))}; end`,
    `create trigger tree_replanting_counts_update
       after update of status, owner_id, replaces_tree_id on trees
       when (old.status is not new.status or old.owner_id is not new.owner_id
         or old.replaces_tree_id is not new.replaces_tree_id)
         and (${touches('old')} or ${touches('new')}) begin
       ${recount('old.owner_id')}; ${recount('new.owner_id')};
       ${recount(ownerOf('old.replaces_tree_id'))}; ${recount(ownerOf('new.replaces_tree_id'))}; end`,
  ];
}

// `set search_path from current`: the function names this schema's tables whoever writes.
function postgresTriggers(): string[] {
  return [
    `create function tree_replanting_counts_summary() returns trigger language plpgsql
       set search_path from current as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then
         ${recount('old.owner_id')}; ${recount(ownerOf('old.replaces_tree_id'))};
       end if;
       if tg_op in ('UPDATE', 'INSERT') then
         ${recount('new.owner_id')}; ${recount(ownerOf('new.replaces_tree_id'))};
       end if;
       return null;
     end $$`,
    `create trigger tree_replanting_counts_insert after insert on trees
       for each row when (${touches('new')}) execute function tree_replanting_counts_summary()`,
    `create trigger tree_replanting_counts_delete after delete on trees
       for each row when (${touches('old')}) execute function tree_replanting_counts_summary()`,
    `create trigger tree_replanting_counts_update
       after update of status, owner_id, replaces_tree_id on trees
       for each row when ((old.status is distinct from new.status
         or old.owner_id is distinct from new.owner_id
         or old.replaces_tree_id is distinct from new.replaces_tree_id)
         and (${touches('old')} or ${touches('new')}))
       execute function tree_replanting_counts_summary()`,
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const drops = postgres
    ? [
        'drop trigger tree_replanting_counts_insert on trees',
        'drop trigger tree_replanting_counts_delete on trees',
        'drop trigger tree_replanting_counts_update on trees',
        'drop function tree_replanting_counts_summary()',
      ]
    : ['insert', 'delete', 'update'].map((t) => `drop trigger tree_replanting_counts_${t}`);
  for (const s of drops) await sql.raw(s).execute(db);
  await db.schema.dropTable('tree_replanting_counts').execute();
}
