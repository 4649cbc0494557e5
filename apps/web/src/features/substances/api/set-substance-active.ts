import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

export async function setSubstanceActive(id: number, version: number, active: boolean): Promise<Substance> {
  return (await api.post<{ data: Substance }>(`substances/${id}/active`, { version, active })).data;
}

export function useSetSubstanceActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; active: boolean }) =>
      setSubstanceActive(id, input.version, input.active),
    onSuccess: (substance) => queryClient.setQueryData(substanceKeys.detail(id), substance),
  });
}
