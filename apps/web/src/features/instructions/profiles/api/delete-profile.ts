import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** 409 CONFLICT on a stale version; PROFILE_IN_USE while it is assigned to anything. */
export function deleteProfile(id: number, version: number): Promise<void> {
  return api.delete(`instructions/profiles/${id}`, { version });
}

export function useDeleteProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteProfile(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: profileKeys.detail(id) }),
  });
}
