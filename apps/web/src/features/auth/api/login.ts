import type { LoginLocal } from '@schutzwerk/shared/auth/auth.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { authKeys } from '#lib/session/auth-keys.ts';
import { getCurrentUser } from '#lib/session/get-current-user.ts';
import { setSessionEndReason } from '#lib/session/session-end.ts';
import { setToken } from '#lib/session-token.ts';

type LoginAnswer = { token?: string; data?: { token?: string } };

export async function loginLocal(credentials: LoginLocal): Promise<string> {
  const answer = await api.post<LoginAnswer>('auth/login_local', credentials);
  const token = answer.token ?? answer.data?.token;
  if (!token) throw new Error('Login answer without token');
  return token;
}

/** Signs in; the guest guard of /login then sends the user on (remembered page or home). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginLocal) => {
      const token = await loginLocal(credentials);
      setToken(token);
      return getCurrentUser();
    },
    onSuccess: (user) => {
      setSessionEndReason(null);
      queryClient.setQueryData(authKeys.user(), user);
    },
  });
}
