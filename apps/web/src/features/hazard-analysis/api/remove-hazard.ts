import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function removeHazard(
  id: number,
  { hazardId, version }: { hazardId: number; version: number },
): Promise<HazardAnalysis> {
  return (await api.delete<{ data: HazardAnalysis }>(`hazardanalysis/${id}/hazards/${hazardId}`, { version }))
    .data;
}

export const useRemoveHazard = (id: number) =>
  useHazardAnalysisWrite(id, (input: { hazardId: number; version: number }) => removeHazard(id, input));
