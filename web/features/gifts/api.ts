import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimGiftResponseSchema, giftPreviewResponseSchema } from '../../../contract/gifts';
import { apiRequest } from '../../lib/api-client';

/** A gift's claim link (issue 19 §5): the preview anyone with the link sees, and the claim. */
export const giftsKey = ['gifts'] as const;
export const giftPreviewKey = (code: string) => [...giftsKey, 'preview', code] as const;

const giftPath = (code: string) => `/api/gifts/${encodeURIComponent(code)}`;

export const fetchGiftPreview = (code: string, signal?: AbortSignal) =>
  apiRequest(giftPath(code), { schema: giftPreviewResponseSchema, ...(signal ? { signal } : {}) });
export const postClaimGift = (code: string) =>
  apiRequest(`${giftPath(code)}/claim`, { method: 'POST', schema: claimGiftResponseSchema });

export function useGiftPreview(code: string) {
  return useQuery({
    queryKey: giftPreviewKey(code),
    queryFn: ({ signal }) => fetchGiftPreview(code, signal),
    enabled: code.length > 0,
    retry: false,
  });
}

/** Claims the gift; the preview and the member's forest change. */
export function useClaimGift(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postClaimGift(code),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: giftPreviewKey(code) });
      void queryClient.invalidateQueries({ queryKey: ['forest'] });
    },
  });
}
