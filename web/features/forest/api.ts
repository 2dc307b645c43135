import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { forestResponseSchema, type Forest } from '../../../contract/forest';
import { apiDownload, apiRequest } from '../../lib/api-client';

/** Every forest query starts here, so invalidating it refreshes the summary and every list. */
export const forestKey = ['forest'] as const;
const firstPageKey = [...forestKey, 'first'] as const;
const pagesKey = (list: ForestList) => [...forestKey, 'pages', list] as const;

/** The three lists of `GET /api/forest`, each paged on its own cursor. */
export type ForestList = 'gifts' | 'trees' | 'updates';

const BEFORE: Record<ForestList, 'giftsBefore' | 'treesBefore' | 'updatesBefore'> = {
  gifts: 'giftsBefore',
  trees: 'treesBefore',
  updates: 'updatesBefore',
};

/** One answer of `GET /api/forest`: the first page, or the next page of one list after `cursor`. */
export async function fetchForest(
  page?: { list: ForestList; cursor: string },
  signal?: AbortSignal,
): Promise<Forest> {
  const query = page ? `?${new URLSearchParams({ [BEFORE[page.list]]: page.cursor })}` : '';
  const answer = await apiRequest(`/api/forest${query}`, {
    schema: forestResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

const firstPage = (client: QueryClient) =>
  client.ensureQueryData({ queryKey: firstPageKey, queryFn: () => fetchForest() });

/** The summary and the first page of each list. */
export function useForest() {
  return useQuery({
    queryKey: firstPageKey,
    queryFn: ({ signal }) => fetchForest(undefined, signal),
  });
}

/**
 * One list of the forest, page after page ("Show more"): the first page is the one `useForest`
 * read (one request for both), the next ones follow the list's own cursor.
 */
export function useForestList<L extends ForestList>(list: L) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: pagesKey(list),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam === null ? firstPage(client) : fetchForest({ list, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.next[list],
    select: (data) => data.pages.map((page) => page[list]).flat() as Forest[L],
  });
}

/** The certificate PDF of one of the caller's paid tree gifts (`GET /api/donations/{id}/certificate`). */
export const downloadGiftCertificate = (donationId: string) =>
  apiDownload(
    `/api/donations/${encodeURIComponent(donationId)}/certificate`,
    `certificate-${donationId}.pdf`,
  );
