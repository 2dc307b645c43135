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
    /** Whether anything still shows this file; extend when another table starts referencing files. */
    async isReferenced(id: string): Promise<boolean> {
      const [avatar, drive] = await Promise.all([
        db.selectFrom('users').select('id').where('avatar_file_id', '=', id).executeTakeFirst(),
        db.selectFrom('drives').select('id').where('image_file_id', '=', id).executeTakeFirst(),
      ]);
      return Boolean(avatar ?? drive);
    },
    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('files').where('id', '=', id).execute();
    },
    async findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;
