import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  verificationDecisionResponseSchema,
  verificationQueueResponseSchema,
  type VerificationDecisionInput,
} from '../../../contract/tree-verification';
import { apiRequest } from '../../lib/api-client';

/** The verifiers' queue (issue 21 §2). */
export const verificationKey = ['verification'] as const;
export const verificationQueueKey = [...verificationKey, 'queue'] as const;
/**
 * What a decision changes beyond the queue: every tree query (the trees feature's root key: the
 * tree page, My trees, the map), the drives' figures and the landing and dashboard totals.
 */
const CHANGED_ELSEWHERE = [['trees'], ['drives'], ['stats'], ['dashboards']] as const;

const QUEUE_PAGE = 20;

export const fetchVerificationQueue = (cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest(
    `/api/trees/verification-queue?limit=${QUEUE_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { schema: verificationQueueResponseSchema, ...(signal ? { signal } : {}) },
  );

/** The trees waiting for me, a page at a time ("Load more" follows nextCursor). */
export function useVerificationQueue() {
  return useInfiniteQuery({
    queryKey: verificationQueueKey,
    queryFn: ({ pageParam, signal }) => fetchVerificationQueue(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const postVerification = (treeId: string, body: VerificationDecisionInput) =>
  apiRequest(`/api/trees/${encodeURIComponent(treeId)}/verification`, {
    method: 'POST',
    body,
    schema: verificationDecisionResponseSchema,
  });

/** Verify or reject a tree; the queue and everything counting trees are read again. */
export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ treeId, ...body }: VerificationDecisionInput & { treeId: string }) =>
      postVerification(treeId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKey }),
        ...CHANGED_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
