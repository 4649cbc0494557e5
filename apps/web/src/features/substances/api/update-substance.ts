import type { Substance, UpdateSubstance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

export type SubstanceSaved = { data: Substance; newVersion: boolean };

/** PUT of the whole record with the version it is based on; 409 CONFLICT when stale. */
export function updateSubstance(id: number, input: UpdateSubstance): Promise<SubstanceSaved> {
  return api.put<SubstanceSaved>(`substances/${id}`, input);
}

export function useUpdateSubstance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSubstance) => updateSubstance(id, input),
    onSuccess: (saved) => queryClient.setQueryData(substanceKeys.detail(id), saved.data),
  });
}
