import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/tables';

/** Where the bytes of stored files live; rows in `files` describe them. Ids are sha256 hex. */
export interface FileStore {
  /** False when the bytes live in the database and go with the `files` row (cascade). */
  readonly outsideDatabase: boolean;
  /** Idempotent: storing the same id twice keeps one copy. `db` is the caller's transaction. */
  put(id: string, data: Buffer, db: Kysely<Database>): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /**
   * Forgets the bytes of a file whose row was deleted; `stillUnused` is asked once the bytes are
   * out of reach, and a false answer (the same content was uploaded again meanwhile) puts them back.
   */
  remove(id: string, stillUnused: () => Promise<boolean>): Promise<void>;
}

const ID_PATTERN = /^[a-f0-9]{64}$/;

function assertId(id: string): void {
  // Ids become file paths: anything but a content hash is refused outright.
  if (!ID_PATTERN.test(id)) throw new Error(`Invalid file id: ${JSON.stringify(id)}`);
}

/** Files under `<dir>/ab/cd/<id>.webp`; the two levels keep directories small. */
export function diskFileStore(dir: string): FileStore {
  const pathOf = (id: string) => path.join(dir, id.slice(0, 2), id.slice(2, 4), `${id}.webp`);
  return {
    outsideDatabase: true,
    async put(id, data) {
      assertId(id);
      const target = pathOf(id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write aside then rename: readers never see half a file, and racing writers of the same
      // content both end with the same complete file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, data, { flag: 'wx' });
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(id) {
      if (!ID_PATTERN.test(id)) return null;
      try {
        return await fs.readFile(pathOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(id, stillUnused) {
      if (!ID_PATTERN.test(id)) return;
      // Moved aside first: an upload of the same content after this writes a fresh file, and one
      // before it is seen by `stillUnused`, so the bytes of a file in use are never lost.
      const target = pathOf(id);
      const aside = `${target}.${randomBytes(6).toString('hex')}.removing`;
      try {
        await fs.rename(target, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      if (await stillUnused()) await fs.rm(aside, { force: true });
      else await fs.rename(aside, target);
    },
  };
}

/**
 * Bytes in the `file_blobs` table, so several app servers sharing one database see them all. A
 * blob goes with its `files` row (foreign key, cascade), in the same statement.
 */
export function databaseFileStore(db: Kysely<Database>): FileStore {
  return {
    outsideDatabase: false,
    async put(id, data, executor) {
      assertId(id);
      await executor
        .insertInto('file_blobs')
        .values({ file_id: id, data })
        .onConflict((oc) => oc.column('file_id').doNothing())
        .execute();
    },
    async get(id) {
      const row = await db
        .selectFrom('file_blobs')
        .select('data')
        .where('file_id', '=', id)
        .executeTakeFirst();
      return row ? Buffer.from(row.data) : null;
    },
    async remove(id) {
      await db.deleteFrom('file_blobs').where('file_id', '=', id).execute();
    },
  };
}

/** The store the configuration asks for (`FILE_STORAGE`): `DATA_DIR/files` or the database. */
export function fileStoreFromConfig(
  config: Pick<Config, 'fileStorage' | 'dataDir'>,
  db: Kysely<Database>,
): FileStore {
  return config.fileStorage === 'disk'
    ? diskFileStore(path.join(config.dataDir, 'files'))
    : databaseFileStore(db);
}
