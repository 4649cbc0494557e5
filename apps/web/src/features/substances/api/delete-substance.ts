import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

/** Refused while several versions exist or a hazard uses the substance; 409 on a stale version. */
export function deleteSubstance(id: number, version: number): Promise<void> {
  return api.delete(`substances/${id}`, { version });
}

export function useDeleteSubstance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteSubstance(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: substanceKeys.detail(id) }),
  });
}
