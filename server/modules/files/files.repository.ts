import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../../db/tables';

export function filesRepository(db: Kysely<Database>) {
  return {
    /** Inserts the row unless that content is already stored; safe when two uploads race. */
    async insertIfAbsent(row: FileRow): Promise<void> {
      await db
        .insertInto('files')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
