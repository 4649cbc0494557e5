import type {
  HazardAnalysis,
  UpdateHazard,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function updateHazard(
  id: number,
  { hazardId, ...input }: UpdateHazard & { hazardId: number },
): Promise<HazardAnalysis> {
  return (await api.put<{ data: HazardAnalysis }>(`hazardanalysis/${id}/hazards/${hazardId}`, input)).data;
}

export const useUpdateHazard = (id: number) =>
  useHazardAnalysisWrite(id, (input: UpdateHazard & { hazardId: number }) => updateHazard(id, input));
