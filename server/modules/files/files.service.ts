import { createHash } from 'node:crypto';
import { fileUrl, type StoredFileInfo } from '../../../contract/files';
import type { FileRow } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import type { FileStore } from './file-store';
import type { FilesRepository } from './files.repository';
import { processImage } from './image-pipeline';

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

export function filesService(deps: { repo: FilesRepository; store: FileStore; clock: Clock }) {
  const { repo, store, clock } = deps;
  return {
    /**
     * Re-encodes an uploaded image and stores it once per content: the id is the sha256 of the
     * stored bytes, so the same image uploaded twice gives the same id, row and blob.
     * Throws AppError 400/413 with a FILE_MESSAGES text for anything that is not a usable image.
     */
    async storeImage(ownerId: string | null, input: Buffer): Promise<StoredFileInfo> {
      const image = await processImage(input);
      const id = createHash('sha256').update(image.data).digest('hex');
      const row: FileRow = {
        id,
        mime: image.mime,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        owner_id: ownerId,
        created_at: clock.now().toISOString(),
      };
      // The row goes first because file_blobs references it; an existing row is kept as it is.
      await repo.insertIfAbsent(row);
      // Always written (idempotently) so a row whose bytes were lost is repaired by re-uploading.
      await store.put(id, image.data);
      // Every described field follows from the bytes, so this matches an existing row too.
      return toStoredFileInfo(row);
    },

    /** Deletes a file nothing shows any more (a replaced or removed photo is personal data). */
    async discardIfUnused(id: string | null): Promise<void> {
      if (!id || (await repo.isReferenced(id))) return;
      await store.remove(id);
      await repo.deleteById(id);
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
