import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

/** Opens the next version as a copy of the current one (the release is cancelled). */
export async function createSubstanceVersion(id: number, version: number): Promise<Substance> {
  return (await api.post<{ data: Substance }>(`substances/${id}/versions`, { version })).data;
}

export function useCreateSubstanceVersion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => createSubstanceVersion(id, version),
    onSuccess: (substance) => queryClient.setQueryData(substanceKeys.detail(id), substance),
  });
}
