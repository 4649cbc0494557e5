import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '#lib/api-client.ts';

/**
 * Server state. Client errors (4xx) are not retried; a 403 from any query is thrown to the route's error
 * boundary, which shows the 'Keine Berechtigung.' screen.
 *
 * Mutations run in network mode 'always': offline they fail at once with 'Keine Verbindung zum Server …'
 * instead of being queued silently (and replayed later, perhaps by another user of the tab).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status > 0 && error.status < 500) return false;
          return failureCount < 2;
        },
        throwOnError: (error) => isApiError(error) && error.status === 403,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
