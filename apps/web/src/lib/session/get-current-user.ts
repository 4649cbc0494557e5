import type { CurrentUser } from '@schutzwerk/shared/auth/auth.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '#lib/api-client.ts';
import { clearToken, getToken } from '#lib/session-token.ts';
import { authKeys } from './auth-keys.ts';

/** The signed-in user, or null when there is no (valid) session. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  if (!getToken()) return null;
  try {
    const answer = await api.get<{ data: CurrentUser }>('auth/user');
    return answer.data;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearToken();
      return null;
    }
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getCurrentUser,
    staleTime: 5 * 60_000,
    // Offline the guard shows the error with 'Neu laden' instead of waiting silently; back online it refetches.
    networkMode: 'always',
    retry: (failureCount, error) => (isApiError(error) && error.status > 0 ? false : failureCount < 2),
    throwOnError: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
