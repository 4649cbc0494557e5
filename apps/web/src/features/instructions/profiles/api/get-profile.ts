import type { Profile } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export async function getProfile(id: number): Promise<Profile> {
  return (await api.get<{ data: Profile }>(`instructions/profiles/${id}`)).data;
}

export const profileQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileKeys.detail(id), queryFn: () => getProfile(id), staleTime: 0 });

export function useProfile(id: number, enabled = true) {
  return useQuery({ ...profileQueryOptions(id), enabled });
}
