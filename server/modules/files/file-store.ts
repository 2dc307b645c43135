import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ConfigError, type Config, type FileStorage } from '../../config';
import type { Database } from '../../db/tables';
import { s3FileStore } from './s3-file-store';

/** Where the bytes of stored files live; rows in `files` describe them. Ids are sha256 hex. */
export interface FileStore {
  /** False when the bytes live in the database and go with the `files` row (cascade). */
  readonly outsideDatabase: boolean;
  /** Idempotent: storing the same id twice keeps one copy. `db` is the caller's transaction. */
  put(id: string, data: Buffer, db: Kysely<Database>): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /**
   * The bytes as a stream with their length, for serving without holding them whole (disk and
   * S3 read as they send; the database hands over the one copy it read). Null when missing.
   */
  open(id: string): Promise<OpenedFile | null>;
  /**
   * Forgets the bytes of a file whose row was deleted; `stillUnused` is asked once the bytes are
   * out of reach, and a false answer (the same content was uploaded again meanwhile) puts them back.
   */
  remove(id: string, stillUnused: () => Promise<boolean>): Promise<void>;
}

/** A stored file's bytes, ready to pipe; whoever opens it reads it to the end or destroys it. */
export interface OpenedFile {
  stream: Readable;
  size: number;
}

const ID_PATTERN = /^[a-f0-9]{64}$/;

/** A content id: the sha256 of the bytes in lowercase hex. */
export const isFileId = (id: string): boolean => ID_PATTERN.test(id);

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
    async open(id) {
      if (!ID_PATTERN.test(id)) return null;
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        // The size of the file this handle holds, even if a removal renames it meanwhile.
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
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
  async function get(id: string): Promise<Buffer | null> {
    const row = await db
      .selectFrom('file_blobs')
      .select('data')
      .where('file_id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    // Both drivers hand over a Buffer: wrap a plain Uint8Array without copying it.
    const { data } = row as { data: Uint8Array };
    return Buffer.isBuffer(data)
      ? data
      : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
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
    get,
    async open(id) {
      const data = await get(id);
      // One chunk, the buffer the driver read: no second copy.
      return data ? { stream: Readable.from([data]), size: data.length } : null;
    },
    async remove(id) {
      await db.deleteFrom('file_blobs').where('file_id', '=', id).execute();
    },
  };
}

/**
 * The store the configuration asks for (`FILE_STORAGE`): `DATA_DIR/files`, the database, or the
 * S3 bucket of `S3_*`; or the one named by `storage` (files:move's target).
 */
export function fileStoreFromConfig(
  config: Pick<Config, 'fileStorage' | 'dataDir' | 's3'>,
  db: Kysely<Database>,
  storage: FileStorage = config.fileStorage,
): FileStore {
  switch (storage) {
    case 'disk':
      return diskFileStore(path.join(config.dataDir, 'files'));
    case 'database':
      return databaseFileStore(db);
    case 's3':
      if (!config.s3)
        throw new ConfigError(
          'Invalid configuration: S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
        );
      return s3FileStore(config.s3);
  }
}
