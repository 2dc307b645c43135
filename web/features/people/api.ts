import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  PROFILE_SEARCH_MIN,
  profileSearchResponseSchema,
  type ProfileSearchResult,
} from '../../../contract/users';
import { apiRequest } from '../../lib/api-client';

export const SEARCH_DEBOUNCE_MS = 300;

export const peopleSearchKey = (text: string) => ['people', 'search', text] as const;

/** Spec: a failed search is only logged and reads as "no one found"; the search box never breaks. */
export async function searchProfiles(
  text: string,
  signal?: AbortSignal,
): Promise<ProfileSearchResult[]> {
  try {
    const answer = await apiRequest(`/api/trees/user-profile?key=${encodeURIComponent(text)}`, {
      schema: profileSearchResponseSchema,
      signal,
    });
    return answer.data;
  } catch (error) {
    if (!signal?.aborted) console.warn('Profile search failed', error);
    return [];
  }
}

/** Whether the text is long enough to search (spec: at least 3 characters after trimming). */
export const isSearchable = (text: string) => text.trim().length >= PROFILE_SEARCH_MIN;

/** The value, once it has stopped changing for `delay` ms (typing does not fire a request per key). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Members matching the (debounced, trimmed) text; disabled below the minimum length. */
export function useProfileSearch(text: string) {
  const key = useDebouncedValue(text.trim());
  const enabled = isSearchable(key);
  const query = useQuery({
    queryKey: peopleSearchKey(key),
    queryFn: ({ signal }) => searchProfiles(key, signal),
    enabled,
    staleTime: 30_000,
  });
  return {
    results: enabled ? (query.data ?? []) : [],
    /** True while typing has not settled yet or the request is on its way. */
    searching: isSearchable(text) && (key !== text.trim() || (enabled && query.isFetching)),
    searchedFor: enabled ? key : '',
  };
}
