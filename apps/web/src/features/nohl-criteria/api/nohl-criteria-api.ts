import type {
  NohlCriteriaAnswer,
  NohlCriteriaHistoryEntry,
  UpdateNohlCriteria,
} from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nohlCriteriaKeys } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { api } from '#lib/api-client.ts';

export async function getNohlCriteriaHistory(): Promise<NohlCriteriaHistoryEntry[]> {
  return (await api.get<{ data: NohlCriteriaHistoryEntry[] }>('hazardanalysis/status/history')).data;
}

export const nohlCriteriaHistoryQueryOptions = () =>
  queryOptions({ queryKey: nohlCriteriaKeys.history(), queryFn: getNohlCriteriaHistory, staleTime: 0 });

/** The change history (HAZARDANALYSISSTATUS_LOG). */
export function useNohlCriteriaHistory(enabled: boolean) {
  return useQuery({ ...nohlCriteriaHistoryQueryOptions(), enabled });
}

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export function useUpdateNohlCriteria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateNohlCriteria) =>
      (await api.put<{ data: NohlCriteriaAnswer }>('hazardanalysis/status', input)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(nohlCriteriaKeys.current(), saved);
      void queryClient.invalidateQueries({ queryKey: nohlCriteriaKeys.history() });
    },
  });
}
