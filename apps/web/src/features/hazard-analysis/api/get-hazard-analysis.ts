import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

export async function getHazardAnalysis(id: number): Promise<HazardAnalysis> {
  return (await api.get<{ data: HazardAnalysis }>(`hazardanalysis/${id}`)).data;
}

export const hazardAnalysisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: hazardAnalysisKeys.detail(id),
    queryFn: () => getHazardAnalysis(id),
    staleTime: 0,
  });

export function useHazardAnalysis(id: number, enabled = true) {
  return useQuery({ ...hazardAnalysisQueryOptions(id), enabled });
}
