import { createHash } from 'node:crypto';
import { fileUrl, type StoredFileInfo } from '../../../contract/files';
import type { FileRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { FileStore, OpenedFile } from './file-store';
import type { filesRepository } from './files.repository';
import { processImage, type ProcessedImage } from './image-pipeline';

export function toStoredFileInfo(row: FileRow): StoredFileInfo {
  return {
    id: row.id,
    url: fileUrl(row.id),
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
  };
}

/** An upload that passed the pipeline, not yet stored: `saveImage` stores it in a transaction. */
export interface PreparedImage extends ProcessedImage {
  id: string;
}

/**
 * Images stored once per content (the id is the sha256 of the stored bytes). A file is in use
 * while any row references it by foreign key (`users.avatar_file_id`, `drives.image_file_id`, and
 * whatever table references `files.id` next): the database, not a list kept here, refuses to
 * delete a file still in use.
 */
export function filesService(deps: {
  uow: UnitOfWork;
  repo: typeof filesRepository;
  store: FileStore;
  clock: Clock;
}) {
  const { uow, store, clock } = deps;
  const repo = deps.repo(uow.db);

  /**
   * Checks and re-encodes an upload (slow, so outside any transaction).
   * Throws AppError 400/413 with a FILE_MESSAGES text for anything that is not a usable image.
   */
  async function prepareImage(input: Buffer): Promise<PreparedImage> {
    const image = await processImage(input);
    return { ...image, id: createHash('sha256').update(image.data).digest('hex') };
  }

  /**
   * Stores a prepared image inside the transaction that also references it, so a concurrent
   * `discardIfUnused` of the same content either finishes first (and this stores it anew) or
   * finds it referenced.
   */
  async function saveImage(
    tx: Tx,
    ownerId: string | null,
    image: PreparedImage,
  ): Promise<StoredFileInfo> {
    const row: FileRow = {
      id: image.id,
      mime: image.mime,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      owner_id: ownerId,
      created_at: clock.now().toISOString(),
    };
    // Every described field follows from the bytes, so an existing row is kept as it is.
    await deps.repo(tx.db).upsertLocked(row);
    // Always written (idempotently) so a row whose bytes were lost is repaired by re-uploading.
    // Bytes in the database go with this transaction; bytes on disk are written once it commits,
    // so a rolled-back upload leaves nothing behind and a discard of the same content that ran
    // meanwhile cannot remove them.
    if (store.outsideDatabase) tx.afterCommit(() => store.put(image.id, image.data, uow.db));
    else await store.put(image.id, image.data, tx.db);
    return toStoredFileInfo(row);
  }

  return {
    prepareImage,
    saveImage,

    /** Pipeline plus save in one call, for callers with nothing else to write. */
    async storeImage(ownerId: string | null, input: Buffer): Promise<StoredFileInfo> {
      const image = await prepareImage(input);
      return uow.withTransaction((tx) => saveImage(tx, ownerId, image));
    },

    /**
     * Deletes a file nothing references any more (a replaced or removed photo is personal data).
     * Call it after the commit that dropped the reference (`tx.afterCommit`).
     */
    async discardIfUnused(id: string | null): Promise<void> {
      if (!id || !(await repo.deleteIfUnreferenced(id))) return;
      if (store.outsideDatabase) await store.remove(id, async () => !(await repo.findById(id)));
    },

    /** The row describing a file (enough to answer a conditional request), or undefined. */
    async describe(id: string): Promise<FileRow | undefined> {
      return repo.findById(id);
    },

    /** The bytes of a stored file as a stream with their length (for serving), or null. */
    async openStream(id: string): Promise<OpenedFile | null> {
      return store.open(id);
    },

    /** The row and bytes of a stored file, or null when either is missing. */
    async open(id: string): Promise<{ file: FileRow; data: Buffer } | null> {
      const file = await repo.findById(id);
      if (!file) return null;
      const data = await store.get(id);
      return data ? { file, data } : null;
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
