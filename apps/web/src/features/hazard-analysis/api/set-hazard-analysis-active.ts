import type {
  HazardAnalysis,
  SetHazardAnalysisActive,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function setHazardAnalysisActive(
  id: number,
  input: SetHazardAnalysisActive,
): Promise<HazardAnalysis> {
  return (await api.post<{ data: HazardAnalysis }>(`hazardanalysis/${id}/active`, input)).data;
}

export const useSetHazardAnalysisActive = (id: number) =>
  useHazardAnalysisWrite(id, (input: SetHazardAnalysisActive) => setHazardAnalysisActive(id, input));
