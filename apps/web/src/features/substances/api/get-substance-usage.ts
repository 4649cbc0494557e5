import type { SubstanceUsageList } from '@schutzwerk/shared/substances/usage.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

/** Who uses the substance (decision 054): the uses the reader may see, the others counted. */
export function useSubstanceUsage(id: number, stamp: number) {
  return useQuery({
    queryKey: [...substanceKeys.all, 'usage', id, stamp],
    queryFn: async () => (await api.get<{ data: SubstanceUsageList }>(`substances/${id}/usage`)).data,
    staleTime: 0,
  });
}
