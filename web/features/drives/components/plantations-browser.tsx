import { useCallback, type ReactNode } from 'react';
import type { DriveView } from '../filters';
import { useDriveFilters } from '../use-drive-filters';
import { DriveFiltersForm } from './drive-filters';
import { DriveList } from './drive-list';
import { DriveMapView } from './drive-map-view';
import { ToggleGroup, whenOptions } from './toggle-group';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

/** Plantations: every drive, upcoming or past, filtered, as a list or on a map. */
export function PlantationsBrowser({ actions }: { actions?: ReactNode }) {
  const [filters, update] = useDriveFilters();
  const t = useT(drivesMessages);
  const viewOptions: ReadonlyArray<{ value: DriveView; label: string }> = [
    { value: 'list', label: t('view.list') },
    { value: 'map', label: t('view.map') },
  ];
  const clear = useCallback(() => update({ q: '', country: '', from: '', to: '' }), [update]);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-3">
          <ToggleGroup
            label={t('browser.which')}
            options={whenOptions(t)}
            value={filters.when}
            onChange={(when) => update({ when })}
          />
          <ToggleGroup
            label={t('browser.showAs')}
            options={viewOptions}
            value={filters.view}
            onChange={(view) => update({ view })}
          />
        </div>
        {actions}
      </div>
      <DriveFiltersForm filters={filters} onChange={update} />
      {filters.view === 'map' ? (
        <DriveMapView filters={filters} />
      ) : (
        <DriveList filters={filters} onClear={clear} />
      )}
    </div>
  );
}
