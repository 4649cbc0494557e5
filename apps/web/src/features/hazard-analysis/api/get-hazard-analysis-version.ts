import type { HazardAnalysisVersion } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

/** One frozen version (the reference view). */
export async function getHazardAnalysisVersion(versionId: number): Promise<HazardAnalysisVersion> {
  return (await api.get<{ data: HazardAnalysisVersion }>(`hazardanalysis/ref/${versionId}`)).data;
}

export function useHazardAnalysisVersion(versionId: number, enabled = true) {
  return useQuery({
    queryKey: hazardAnalysisKeys.version(versionId),
    queryFn: () => getHazardAnalysisVersion(versionId),
    enabled,
  });
}
