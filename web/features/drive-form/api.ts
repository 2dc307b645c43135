import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  corporateUsersResponseSchema,
  driveCreatedResponseSchema,
  driveUpdatedResponseSchema,
} from '../../../contract/drives';
import { apiRequest } from '../../lib/api-client';
import { drivesKey } from '../../lib/queries/drives';

export const corporateOptionsKey = ['users', 'corporate-options'] as const;

/** Corporate members for "Land Donated By" (label = name, value = id). */
export function useCorporateOptions() {
  return useQuery({
    queryKey: corporateOptionsKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/coporateuser', { schema: corporateUsersResponseSchema, signal }),
    staleTime: 5 * 60_000,
    select: (response) => response.data,
  });
}

/** `organisationId`: a team's owner or admin organises the drive for that organisation. */
export const createDrive = (body: FormData, organisationId?: string) =>
  apiRequest(
    `/api/add_drivetreeinfo${organisationId ? `?organisation=${encodeURIComponent(organisationId)}` : ''}`,
    {
      method: 'POST',
      body,
      schema: driveCreatedResponseSchema,
    },
  );

export const updateDrive = (id: string, body: FormData) =>
  apiRequest(`/api/drives/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: driveUpdatedResponseSchema,
  });

/** Creates (no id) or edits a drive; every drive query is refreshed afterwards. */
export function useSaveDrive(id: string | undefined, organisationId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      id ? updateDrive(id, body) : createDrive(body, organisationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drivesKey }),
  });
}
