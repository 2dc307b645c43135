import { useMemo } from 'react';
import { speciesByValue, TREE_SPECIES } from '../../../contract/options';
import type { Tree } from '../../../contract/trees';
import { useSpeciesName } from '../../i18n/species';
import { treeTitle } from './format';

/**
 * Trees and species named in the member's language (species.json): `species(value)`, a tree's
 * `title` (its nickname, else its species × plants) and the species `options` for the selects,
 * each with the words a search matches (the name shown and the English label).
 */
export function useTreeNames() {
  const species = useSpeciesName();
  return useMemo(
    () => ({
      species,
      /** Whether the contract knows the species (an unknown number is shown as it is). */
      known: (value: number) => speciesByValue(value) !== undefined,
      title: (tree: Pick<Tree, 'name' | 'species' | 'count'>) => treeTitle(tree, species),
      options: TREE_SPECIES.map((s) => ({
        value: String(s.value),
        label: species(s.value),
        search: `${species(s.value)} ${s.label}`,
      })),
    }),
    [species],
  );
}

export type TreeNames = ReturnType<typeof useTreeNames>;
