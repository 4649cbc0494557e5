import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '#lib/api-client.ts';
import { clearAllListState } from '#lib/list-state.ts';
import { clearOfflineCache } from '#lib/service-worker.ts';
import { clearToken } from '#lib/session-token.ts';
import { authKeys } from './auth-keys.ts';
import { setSessionEndReason } from './session-end.ts';

/** The single sign-on logout address ('' when signed in locally). Asked for before the session ends. */
export async function getAdfsLogoutUrl(): Promise<string> {
  try {
    const answer = await api.get<{ data?: { url?: string } } | string>('auth/AdfsLogoutUrl');
    if (typeof answer === 'string') return answer;
    return answer?.data?.url ?? '';
  } catch {
    return '';
  }
}

/**
 * Logout (spec shell §4): ask for the SSO logout address, end the session on the server, drop the token
 * locally in any case, then go to the SSO address or to /login. Offline both calls fail at once (network
 * mode 'always') and the local session still ends.
 */
export async function logout(): Promise<string> {
  const url = await getAdfsLogoutUrl();
  try {
    await api.post<void>('auth/logout');
  } catch {
    // The local session ends regardless of the server's answer.
  }
  await clearOfflineCache();
  return url;
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    networkMode: 'always',
    onSettled: (url) => {
      clearToken();
      // The next user of this tab starts with clean lists (stored filters and searches).
      clearAllListState();
      setSessionEndReason('logout');
      if (url) {
        window.location.assign(url);
        return;
      }
      queryClient.setQueryData(authKeys.user(), null);
      void navigate('/login', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    },
  });
}
