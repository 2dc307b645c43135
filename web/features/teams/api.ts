import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import {
  acceptInviteResponseSchema,
  invitePreviewResponseSchema,
  myTeamsResponseSchema,
  teamInviteResponseSchema,
  teamInvitesResponseSchema,
  teamMemberResponseSchema,
  teamMembersResponseSchema,
  type CreateInviteRequest,
  type TeamRole,
} from '../../../contract/teams';
import { apiRequest } from '../../lib/api-client';

/** Every team query starts here, so any change refreshes the lists. */
export const teamsKey = ['teams'] as const;
export const myTeamsKey = [...teamsKey, 'mine'] as const;
export const membersKey = (org: string, page: number) =>
  [...teamsKey, org, 'members', page] as const;
export const invitesKey = (org: string, page: number) =>
  [...teamsKey, org, 'invites', page] as const;
export const previewKey = (token: string) => [...teamsKey, 'preview', token] as const;

export const TEAM_LIST_LIMIT = 50;

const opt = (signal?: AbortSignal) => (signal ? { signal } : {});
const teamPath = (org: string) => `/api/teams/${encodeURIComponent(org)}`;
const paging = (page: number) => `page=${page}&limit=${TEAM_LIST_LIMIT}`;

export const fetchMyTeams = (signal?: AbortSignal) =>
  apiRequest('/api/teams/mine', { schema: myTeamsResponseSchema, ...opt(signal) });
export const fetchMembers = (org: string, page: number, signal?: AbortSignal) =>
  apiRequest(`${teamPath(org)}/members?${paging(page)}`, {
    schema: teamMembersResponseSchema,
    ...opt(signal),
  });
export const fetchInvites = (org: string, page: number, signal?: AbortSignal) =>
  apiRequest(`${teamPath(org)}/invites?${paging(page)}`, {
    schema: teamInvitesResponseSchema,
    ...opt(signal),
  });
export const fetchInvitePreview = (token: string, signal?: AbortSignal) =>
  apiRequest(`/api/teams/invites/preview?token=${encodeURIComponent(token)}`, {
    schema: invitePreviewResponseSchema,
    ...opt(signal),
  });

export function useMyTeams() {
  return useQuery({ queryKey: myTeamsKey, queryFn: ({ signal }) => fetchMyTeams(signal) });
}

export function useTeamMembers(org: string, page: number) {
  return useQuery({
    queryKey: membersKey(org, page),
    queryFn: ({ signal }) => fetchMembers(org, page, signal),
  });
}

export function useTeamInvites(org: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: invitesKey(org, page),
    queryFn: ({ signal }) => fetchInvites(org, page, signal),
    enabled,
  });
}

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: previewKey(token),
    queryFn: ({ signal }) => fetchInvitePreview(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

/** A mutation that refreshes every team query when it settles. */
function useTeamMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: teamsKey }),
  });
}

export const useInvite = (org: string) =>
  useTeamMutation((body: CreateInviteRequest) =>
    apiRequest(`${teamPath(org)}/invites`, {
      method: 'POST',
      body,
      schema: teamInviteResponseSchema,
    }),
  );

export const useResendInvite = (org: string) =>
  useTeamMutation((inviteId: string) =>
    apiRequest(`${teamPath(org)}/invites/${encodeURIComponent(inviteId)}/resend`, {
      method: 'POST',
      schema: teamInviteResponseSchema,
    }),
  );

export const useRevokeInvite = (org: string) =>
  useTeamMutation((inviteId: string) =>
    apiRequest(`${teamPath(org)}/invites/${encodeURIComponent(inviteId)}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );

export const useChangeRole = (org: string) =>
  useTeamMutation(({ userId, role }: { userId: string; role: TeamRole }) =>
    apiRequest(`${teamPath(org)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
      schema: teamMemberResponseSchema,
    }),
  );

export const useRemoveMember = (org: string) =>
  useTeamMutation((userId: string) =>
    apiRequest(`${teamPath(org)}/members/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
      schema: messageResponseSchema,
    }),
  );

export const useAcceptInvite = () =>
  useTeamMutation((token: string) =>
    apiRequest('/api/teams/invites/accept', {
      method: 'POST',
      body: { token },
      schema: acceptInviteResponseSchema,
    }),
  );
