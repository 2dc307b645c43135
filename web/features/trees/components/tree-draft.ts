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
  /** Kept while anything is filled in; the photo stays only in the open form. */
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
  },
};
