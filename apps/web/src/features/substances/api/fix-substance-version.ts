import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

/** Fixes (festschreiben) the current version. */
export async function fixSubstanceVersion(id: number, version: number): Promise<Substance> {
  return (await api.post<{ data: Substance }>(`substances/${id}/fix`, { version })).data;
}

export function useFixSubstanceVersion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => fixSubstanceVersion(id, version),
    onSuccess: (substance) => queryClient.setQueryData(substanceKeys.detail(id), substance),
  });
}
