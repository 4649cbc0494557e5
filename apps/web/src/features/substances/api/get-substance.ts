import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

export async function getSubstance(id: number): Promise<Substance> {
  return (await api.get<{ data: Substance }>(`substances/${id}`)).data;
}

export const substanceQueryOptions = (id: number) =>
  queryOptions({ queryKey: substanceKeys.detail(id), queryFn: () => getSubstance(id), staleTime: 0 });

export function useSubstance(id: number, enabled = true) {
  return useQuery({ ...substanceQueryOptions(id), enabled });
}
