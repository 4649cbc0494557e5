import type { NohlCriteriaHistoryEntry } from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
