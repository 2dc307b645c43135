import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersToParams, parseFilters, type DriveFilters } from './filters';

/**
 * The Plantations filters, kept in the query string. Changes replace the history entry, so Back
 * leaves the page instead of stepping through every keystroke, and returns to the same filters.
 */
export function useDriveFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<DriveFilters>) =>
      setParams((current) => filtersToParams({ ...parseFilters(current), ...patch }), {
        replace: true,
      }),
    [setParams],
  );
  return [filters, update] as const;
}
