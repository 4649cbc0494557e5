import type { CreateSubstance, Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

export async function createSubstance(input: CreateSubstance): Promise<Substance> {
  return (await api.post<{ data: Substance }>('substances', input)).data;
}

export function useCreateSubstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubstance,
    onSuccess: (substance) => queryClient.setQueryData(substanceKeys.detail(substance.id), substance),
  });
}
