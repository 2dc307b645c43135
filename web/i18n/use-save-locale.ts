import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../contract/languages';
import { currentUserUpdateResponseSchema } from '../../contract/users';
import { apiRequest } from '../lib/api-client';
import { currentUserKey } from '../lib/queries/current-user';

/** Saves the member's language on their account (mails and documents follow it), app only. */
export function useSaveLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale | null) =>
      apiRequest('/api/users/me/locale', {
        method: 'PUT',
        body: { locale },
        schema: currentUserUpdateResponseSchema,
      }),
    onSuccess: (response) =>
      queryClient.setQueryData(currentUserKey, { success: true, user: response.user }),
  });
}
