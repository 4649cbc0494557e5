import type {
  HazardAnalysis,
  ReleaseHazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function releaseHazardAnalysis(
  id: number,
  input: ReleaseHazardAnalysis,
): Promise<HazardAnalysis> {
  return (await api.post<{ data: HazardAnalysis }>(`hazardanalysis/${id}/release`, input)).data;
}

export const useReleaseHazardAnalysis = (id: number) =>
  useHazardAnalysisWrite(id, (input: ReleaseHazardAnalysis) => releaseHazardAnalysis(id, input));
