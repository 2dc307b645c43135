import { queryOptions } from '@tanstack/react-query';
import { currentUserResponseSchema } from '../../../contract/auth';
import { apiRequest } from '../api-client';

/** The signed-in user: the shell, the auth screens, the profile and the drive form read one copy. */
export const currentUserKey = ['users', 'current'] as const;

/** Callers add `enabled` (e.g. only with a stored session). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/currentuser', { schema: currentUserResponseSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
