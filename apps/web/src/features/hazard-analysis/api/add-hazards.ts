import type {
  AddHazards,
  HazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function addHazards(id: number, input: AddHazards): Promise<HazardAnalysis> {
  return (await api.post<{ data: HazardAnalysis }>(`hazardanalysis/${id}/hazards`, input)).data;
}

export const useAddHazards = (id: number) =>
  useHazardAnalysisWrite(id, (input: AddHazards) => addHazards(id, input));
