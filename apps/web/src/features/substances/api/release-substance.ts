import type { ReleaseSubstance, Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

/** Release agreed or not agreed (not agreed may also set the substance inactive). */
export async function releaseSubstance(id: number, input: ReleaseSubstance): Promise<Substance> {
  return (await api.post<{ data: Substance }>(`substances/${id}/release`, input)).data;
}

export function useReleaseSubstance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseSubstance) => releaseSubstance(id, input),
    onSuccess: (substance) => queryClient.setQueryData(substanceKeys.detail(id), substance),
  });
}
