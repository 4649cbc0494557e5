import type { ChangePassword } from '@schutzwerk/shared/auth/auth.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export function changePassword(payload: ChangePassword): Promise<void> {
  return api.post<void>('auth/changePassword', payload);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, networkMode: 'always' });
}
