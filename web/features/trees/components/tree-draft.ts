import { openDB } from 'idb';
import { getSessionClaims } from '../../../lib/session';
import type { TreeFormValues } from '../tree-form-values';

/** A half-filled registration, kept on this phone so closing the app loses nothing (issue 24). */
export interface TreeDraft {
  values: Omit<TreeFormValues, 'image'>;
  savedAt: string;
}

const keyFor = () => {
  const userId = getSessionClaims()?.userId;
  return userId ? `canopy-tree-draft:${userId}` : null;
};

/** The draft's photo: a Blob does not fit localStorage, so it waits in IndexedDB. */
let photos: ReturnType<typeof openDB> | undefined;
const photoStore = () =>
  (photos ??= openDB('canopy-tree-draft-photos', 1, {
    upgrade(db) {
      db.createObjectStore('photos');
    },
  }));
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export const treeDraftPhoto = {
  async read(): Promise<File | null> {
    const key = keyFor();
    if (!key || !hasIndexedDb()) return null;
    const stored = (await (await photoStore()).get('photos', key)) as File | undefined;
    return stored instanceof Blob ? (stored as File) : null;
  },
  async save(photo: File | null): Promise<void> {
    const key = keyFor();
    if (!key || !hasIndexedDb()) return;
    const db = await photoStore();
    if (photo) await db.put('photos', photo, key);
    else await db.delete('photos', key);
  },
};

export const treeDraft = {
  read(): TreeDraft | null {
    const key = keyFor();
    const stored = key ? localStorage.getItem(key) : null;
    if (!stored) return null;
    try {
      const draft = JSON.parse(stored) as TreeDraft;
      return draft && typeof draft.values === 'object' ? draft : null;
    } catch {
      return null;
    }
  },
  /** Kept while anything is filled in (the photo beside it, in `treeDraftPhoto`). */
  save(values: TreeFormValues, blank: TreeFormValues): void {
    const key = keyFor();
    if (!key) return;
    const { image: _image, ...rest } = values;
    const filled = (Object.keys(rest) as Array<keyof typeof rest>).some(
      (name) => JSON.stringify(rest[name]) !== JSON.stringify(blank[name]),
    );
    if (filled)
      localStorage.setItem(
        key,
        JSON.stringify({ values: rest, savedAt: new Date().toISOString() } satisfies TreeDraft),
      );
    else localStorage.removeItem(key);
  },
  clear(): void {
    const key = keyFor();
    if (key) localStorage.removeItem(key);
    void treeDraftPhoto.save(null).catch(() => undefined);
  },
};
