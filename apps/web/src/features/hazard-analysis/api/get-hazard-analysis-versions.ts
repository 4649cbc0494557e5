import type { HazardAnalysisVersionRow } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

/** The released versions of an assessment. */
export async function getHazardAnalysisVersions(id: number): Promise<HazardAnalysisVersionRow[]> {
  return (await api.get<{ data: HazardAnalysisVersionRow[] }>(`hazardanalysis/${id}/versions`)).data;
}

export function useHazardAnalysisVersions(id: number) {
  return useQuery({
    queryKey: hazardAnalysisKeys.versions(id),
    queryFn: () => getHazardAnalysisVersions(id),
  });
}
