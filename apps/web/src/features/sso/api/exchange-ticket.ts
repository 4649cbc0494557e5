import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { authKeys } from '#lib/session/auth-keys.ts';
import { getCurrentUser } from '#lib/session/get-current-user.ts';
import { setSessionEndReason } from '#lib/session/session-end.ts';
import { setToken } from '#lib/session-token.ts';

/** The one-time ticket of a finished single sign-on → the session token (sent as a bearer token). */
export async function exchangeTicket(ticket: string): Promise<string> {
  const answer = await api.post<{ token: string }>('auth/sso/exchange', { ticket });
  return answer.token;
}

/** Signs in with the ticket; the guest guard of /login/sso then sends the user on. */
export function useExchangeTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ticket: string) => {
      setToken(await exchangeTicket(ticket));
      return getCurrentUser();
    },
    onSuccess: (user) => {
      setSessionEndReason(null);
      queryClient.setQueryData(authKeys.user(), user);
    },
  });
}
