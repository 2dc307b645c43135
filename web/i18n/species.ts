import { useCallback, useMemo } from 'react';
import { speciesByValue, TREE_SPECIES } from '../../contract/options';
import type source from '../../locales/en/species.json';
import en from '../../locales/en/species.json?messages';
import { defineMessages } from './namespace';
import { useT } from './use-t';

/**
 * Species' names in each language (issue 26): English keeps "Local (English)", Spanish and Hindi
 * give the name people use there (locales/<lang>/species.json, by species number).
 */
export const speciesMessages = defineMessages<typeof source>(
  'species',
  en,
  import.meta.glob(['../../locales/*/species.json', '!../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

/** `name(value)`: a species' name in the current language (a number the list lacks, as is). */
export function useSpeciesName(): (value: number) => string {
  const t = useT(speciesMessages);
  return useCallback(
    (value: number) =>
      String(value) in speciesMessages.source
        ? t(String(value) as keyof typeof source)
        : (speciesByValue(value)?.label ?? String(value)),
    [t],
  );
}

/** Every species as a select's options, named in the current language, in the list's order. */
export function useSpeciesOptions(): readonly { value: string; label: string }[] {
  const name = useSpeciesName();
  return useMemo(
    () => TREE_SPECIES.map((s) => ({ value: String(s.value), label: name(s.value) })),
    [name],
  );
}
