import type { ProfileSaveResult, UpdateProfile } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateProfile(id: number, input: UpdateProfile): Promise<ProfileSaveResult> {
  return (await api.put<{ data: ProfileSaveResult }>(`instructions/profiles/${id}`, input)).data;
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfile) => updateProfile(id, input),
    onSuccess: (result) => queryClient.setQueryData(profileKeys.detail(id), result.profile),
  });
}
