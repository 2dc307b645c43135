import { useQuery } from '@tanstack/react-query';
import { mapConfigResponseSchema } from '../../../../contract/map';
import { apiRequest } from '../../../lib/api-client';

export const mapConfigKey = ['map-config'] as const;

/** Where tiles come from (the server's TILE_URL); it does not change while the app runs. */
export function useMapConfig() {
  return useQuery({
    queryKey: mapConfigKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/map-config', { schema: mapConfigResponseSchema, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    select: (response) => response.data,
  });
}
