import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import { messageResponseSchema } from '../../../contract/common';
import {
  currentUserUpdateResponseSchema,
  publicProfileResponseSchema,
  type ChangePasswordRequest,
  type CurrentUserUpdateResponse,
  type DeleteAccountRequest,
  type UpdateProfileRequest,
} from '../../../contract/users';
import { memberDrivesResponseSchema } from '../../../contract/drives';
import {
  myTestimonialResponseSchema,
  type TestimonialRequest,
} from '../../../contract/testimonials';
import { memberTreesResponseSchema } from '../../../contract/trees';
import { ApiError, apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/queries/current-user';
import type { z } from 'zod';

type MyTestimonialResponse = z.infer<typeof myTestimonialResponseSchema>;

/** A member's public profile, as /app/user-profile/:id shows it. */
const profileKey = (id: string) => ['profile', id] as const;

export const fetchPublicProfile = (id: string, signal?: AbortSignal) =>
  apiRequest(`/api/users/${encodeURIComponent(id)}/profile`, {
    schema: publicProfileResponseSchema,
    ...(signal ? { signal } : {}),
  });
export const patchProfile = (body: UpdateProfileRequest) =>
  apiRequest('/api/users/me', { method: 'PATCH', body, schema: currentUserUpdateResponseSchema });
export const putAvatar = (file: File) => {
  const body = new FormData();
  body.append('avatar', file, file.name);
  return apiRequest('/api/users/me/avatar', {
    method: 'PUT',
    body,
    schema: currentUserUpdateResponseSchema,
  });
};
export const deleteAvatar = () =>
  apiRequest('/api/users/me/avatar', { method: 'DELETE', schema: currentUserUpdateResponseSchema });
export const postChangePassword = (body: ChangePasswordRequest) =>
  apiRequest('/api/users/me/password', { method: 'POST', body, schema: messageResponseSchema });
export const deleteAccount = (body: DeleteAccountRequest) =>
  apiRequest('/api/users/me', { method: 'DELETE', body, schema: messageResponseSchema });

/** An unknown, deleted or malformed id: show "not found" rather than retrying. */
export const isMissingProfile = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A member's public profile; `enabled` is false until the id is known. */
export function usePublicProfile(id: string | undefined) {
  return useQuery({
    queryKey: profileKey(id ?? ''),
    queryFn: ({ signal }) => fetchPublicProfile(id ?? '', signal),
    enabled: Boolean(id),
    retry: (failures, error) => !isMissingProfile(error) && failures < 1,
    select: (response) => response.data,
  });
}

/** After a change the server answers with the fresh user: the top bar and profile update at once. */
function useApplyUserUpdate() {
  const queryClient = useQueryClient();
  return (response: CurrentUserUpdateResponse) => {
    queryClient.setQueryData(currentUserKey, { success: true, user: response.user });
    void queryClient.invalidateQueries({ queryKey: profileKey(response.user.id) });
    if (response.user._id !== response.user.id)
      void queryClient.invalidateQueries({ queryKey: profileKey(response.user._id) });
  };
}

export function useUpdateProfile() {
  const apply = useApplyUserUpdate();
  return useMutation({ mutationFn: patchProfile, onSuccess: apply });
}

export function useUploadAvatar() {
  const apply = useApplyUserUpdate();
  return useMutation({ mutationFn: putAvatar, onSuccess: apply });
}

export function useRemoveAvatar() {
  const apply = useApplyUserUpdate();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: apply });
}

export const useChangePassword = () => useMutation({ mutationFn: postChangePassword });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

/** The name people see: the display name, or the username when there is none. */
export const displayName = (user: Pick<CurrentUser, 'name' | 'username'>) =>
  user.name?.trim() || user.username;

/** A member's drives (organised and joined) for their public profile. */
export function useMemberDrives(id: string) {
  return useQuery({
    queryKey: [...profileKey(id), 'drives'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/drives/member/${encodeURIComponent(id)}`, {
        schema: memberDrivesResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}

/** A member's newest trees for their public profile. */
export function useMemberTrees(id: string) {
  return useQuery({
    queryKey: [...profileKey(id), 'trees'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/trees/member/${encodeURIComponent(id)}`, {
        schema: memberTreesResponseSchema,
        signal,
      }),
  });
}

/** The member's own testimonial for Canopy's home page (issue 23). */
const testimonialKey = ['profile', 'me', 'testimonial'] as const;

export function useMyTestimonial() {
  return useQuery({
    queryKey: testimonialKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/me/testimonial', { schema: myTestimonialResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** Saving or deleting it answers with the testimonial as stored (null once deleted). */
function useApplyTestimonial() {
  const queryClient = useQueryClient();
  return (response: MyTestimonialResponse) => {
    queryClient.setQueryData(testimonialKey, response);
    // The home page's list is another feature's query: its key is the same words.
    void queryClient.invalidateQueries({ queryKey: ['landing', 'testimonials'] });
  };
}

export function useSaveTestimonial() {
  const apply = useApplyTestimonial();
  return useMutation({
    mutationFn: (body: TestimonialRequest) =>
      apiRequest('/api/users/me/testimonial', {
        method: 'PUT',
        body,
        schema: myTestimonialResponseSchema,
      }),
    onSuccess: apply,
  });
}

export function useDeleteTestimonial() {
  const apply = useApplyTestimonial();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/users/me/testimonial', {
        method: 'DELETE',
        schema: myTestimonialResponseSchema,
      }),
    onSuccess: apply,
  });
}
