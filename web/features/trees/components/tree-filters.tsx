import { useSearchParams } from 'react-router';
import { TREE_STATUSES, type TreeStatus } from '../../../../contract/trees';
import { SelectField } from '../../../components/ui/form-field';
import { useT } from '../../../i18n/use-t';
import { statusKey } from '../format';
import { useTreeNames } from '../use-tree-names';
import { treesMessages } from '../messages';

export interface TreeFilterValues {
  species: number | undefined;
  status: TreeStatus | undefined;
}

/** Species and status filters, kept in the address (`?species=&status=`) so Back and reload keep them. */
export function useTreeFilters() {
  const [params, setParams] = useSearchParams();
  const species = Number(params.get('species')) || undefined;
  const rawStatus = params.get('status');
  const status = TREE_STATUSES.find((s) => s === rawStatus);
  const set = (name: 'species' | 'status', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const clear = () => setParams({}, { replace: true });
  return { filters: { species, status } satisfies TreeFilterValues, set, clear };
}

/** The two filters; `speciesValues` narrows the species list (e.g. to the ones I have). */
export function TreeFilters({
  filters,
  set,
  speciesValues,
  label,
}: {
  filters: TreeFilterValues;
  set(name: 'species' | 'status', value: string): void;
  speciesValues?: ReadonlySet<number>;
  label: string;
}) {
  const t = useT(treesMessages);
  const { options } = useTreeNames();
  const statusOptions = TREE_STATUSES.map((value) => ({ value, label: t(statusKey(value)) }));
  const speciesOptions = speciesValues
    ? options.filter(
        (o) => speciesValues.has(Number(o.value)) || Number(o.value) === filters.species,
      )
    : options;
  return (
    <div role="group" aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <SelectField
        label={t('filters.species')}
        placeholder={t('filters.allSpecies')}
        options={speciesOptions}
        value={filters.species ? String(filters.species) : ''}
        onChange={(event) => set('species', event.target.value)}
      />
      <SelectField
        label={t('filters.status')}
        placeholder={t('filters.anyStatus')}
        options={statusOptions}
        value={filters.status ?? ''}
        onChange={(event) => set('status', event.target.value)}
      />
    </div>
  );
}
