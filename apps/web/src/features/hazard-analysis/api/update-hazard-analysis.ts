import type {
  HazardAnalysis,
  UpdateHazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function updateHazardAnalysis(id: number, input: UpdateHazardAnalysis): Promise<HazardAnalysis> {
  return (await api.put<{ data: HazardAnalysis }>(`hazardanalysis/${id}`, input)).data;
}

export const useUpdateHazardAnalysis = (id: number) =>
  useHazardAnalysisWrite(id, (input: UpdateHazardAnalysis) => updateHazardAnalysis(id, input));
