import type { Location } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { organisationKeys } from './organisation-keys.ts';

export async function getLocation(id: number): Promise<Location> {
  const answer = await api.get<{ data: Location }>(`locations/${id}`);
  return answer.data;
}

export const locationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organisationKeys.detail('locations', id),
    queryFn: () => getLocation(id),
    staleTime: 0,
  });

export function useLocation(id: number) {
  return useQuery(locationQueryOptions(id));
}
