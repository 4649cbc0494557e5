import type { Location, UpdateLocation } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { organisationKeys } from './organisation-keys.ts';

/** PATCH with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateLocation(id: number, input: UpdateLocation): Promise<Location> {
  const answer = await api.patch<{ data: Location }>(`locations/${id}`, input);
  return answer.data;
}

export function useUpdateLocation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLocation) => updateLocation(id, input),
    onSuccess: (location) => {
      queryClient.setQueryData(organisationKeys.detail('locations', id), location);
      return queryClient.invalidateQueries({ queryKey: organisationKeys.tree('locations') });
    },
  });
}
