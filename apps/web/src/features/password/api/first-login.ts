import type { FirstLogin } from '@schutzwerk/shared/auth/auth.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { authKeys } from '#lib/session/auth-keys.ts';

export function firstLogin(payload: FirstLogin): Promise<void> {
  return api.post<void>('auth/firstLogin', payload);
}

/** Completes the first login; the current user is read again, which lifts the gate. */
export function useFirstLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: firstLogin,
    networkMode: 'always',
    onSuccess: () => client.invalidateQueries({ queryKey: authKeys.user() }),
  });
}
