import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../../db/tables';

/** SQLite and PostgreSQL codes for "a foreign key still points here". */
const isForeignKeyViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
};

export function filesRepository(db: Kysely<Database>) {
  return {
    /**
     * Inserts the row, or touches the existing one: on PostgreSQL the update takes the row lock, so a
     * concurrent delete waits for this transaction and then finds the file referenced.
     */
    async upsertLocked(row: FileRow): Promise<void> {
      await db
        .insertInto('files')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ id: eb.ref('excluded.id') })))
        .execute();
    },
    /** Deletes the row unless a foreign key still references it; true when it was deleted. */
    async deleteIfUnreferenced(id: string): Promise<boolean> {
      try {
        const result = await db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },
    async findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Up to `limit` ids after `after`, in id order (files:move walks them page by page). */
    async idsAfter(after: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
