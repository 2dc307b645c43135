import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiTokenListResponseSchema,
  createApiTokenResponseSchema,
  type CreateApiTokenRequest,
} from '../../../contract/api-tokens';
import { messageResponseSchema } from '../../../contract/common';
import { apiDownload, apiRequest } from '../../lib/api-client';

export const apiTokensKey = ['api-tokens'] as const;

export const fetchApiTokens = (signal?: AbortSignal) =>
  apiRequest('/api/api-tokens', {
    schema: apiTokenListResponseSchema,
    ...(signal ? { signal } : {}),
  });
export const postApiToken = (body: CreateApiTokenRequest) =>
  apiRequest('/api/api-tokens', { method: 'POST', body, schema: createApiTokenResponseSchema });
export const deleteApiToken = (id: string) =>
  apiRequest(`/api/api-tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageResponseSchema.extend({ success: z.literal(true) }),
  });

/**
 * The exports the server offers, downloaded with the session (files the member owns); their names
 * and descriptions are exports.<id>.label and .description in the integrations namespace.
 */
export const DATA_EXPORTS = [
  {
    id: 'trees-csv',
    path: '/api/trees/export?format=csv',
    fallbackName: 'canopy-trees.csv',
  },
  {
    id: 'trees-geojson',
    path: '/api/trees/export?format=geojson',
    fallbackName: 'canopy-trees.geojson',
  },
  {
    id: 'donations-csv',
    path: '/api/donations/export.csv',
    fallbackName: 'canopy-donations.csv',
  },
] as const;

export const downloadExport = (item: (typeof DATA_EXPORTS)[number]) =>
  apiDownload(item.path, item.fallbackName);

/** My API tokens (never their secrets). */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: ({ signal }) => fetchApiTokens(signal) });
}

/** A new token; its secret is in the answer only, so the caller shows it once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
