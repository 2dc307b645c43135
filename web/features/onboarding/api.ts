import { useQuery } from '@tanstack/react-query';
import { onboardingResponseSchema } from '../../../contract/onboarding';
import { apiRequest } from '../../lib/api-client';

export const onboardingKey = ['onboarding'] as const;

export const fetchOnboarding = (signal?: AbortSignal) =>
  apiRequest('/api/onboarding', {
    schema: onboardingResponseSchema,
    ...(signal ? { signal } : {}),
  });

/** My getting-started checklist; read afresh on every visit (steps are done on other screens). */
export function useOnboarding() {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => fetchOnboarding(signal),
    select: (answer) => answer.data,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
