import type { CreateProfile, ProfileSaveResult } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Creates a profile; the answer says how many open items it gave the employees it applies to. */
export async function createProfile(input: CreateProfile): Promise<ProfileSaveResult> {
  return (await api.post<{ data: ProfileSaveResult }>('instructions/profiles', input)).data;
}

export function useCreateProfile() {
  return useMutation({ mutationFn: createProfile });
}
