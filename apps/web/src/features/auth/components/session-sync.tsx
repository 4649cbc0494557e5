import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPasswordChangeRequired, onSessionEnded } from '#lib/api-client.ts';
import { clearAllListState } from '#lib/list-state.ts';
import { authKeys } from '#lib/session/auth-keys.ts';
import { setSessionEndReason } from '#lib/session/session-end.ts';
import { TOKEN_STORAGE_KEY } from '#lib/session-token.ts';

/**
 * Keeps the session query in step with reality: a 401 mid-session, or a login/logout in another tab,
 * changes the user, and the route guards send the user to /login or home; a 403
 * PASSWORD_CHANGE_REQUIRED refetches the user, so the first-login dialog appears.
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopListening = onSessionEnded(() => {
      setSessionEndReason('expired');
      queryClient.setQueryData(authKeys.user(), null);
    });
    // The server says a new password is due: fetch the user again, the guard then shows the dialog.
    const stopPasswordListening = onPasswordChangeRequired(() => {
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      if (!event.newValue) {
        // Logged out in another tab: this tab's stored lists go as well.
        setSessionEndReason('logout');
        clearAllListState();
      }
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopListening();
      stopPasswordListening();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
  return null;
}
