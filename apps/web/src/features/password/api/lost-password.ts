import type { LostPassword } from '@schutzwerk/shared/auth/auth.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export async function requestLostPassword(payload: LostPassword): Promise<string> {
  return (await api.post<{ data: { message: string } }>('auth/lostPassword', payload)).data.message;
}

export function useLostPassword() {
  return useMutation({ mutationFn: requestLostPassword, networkMode: 'always' });
}
