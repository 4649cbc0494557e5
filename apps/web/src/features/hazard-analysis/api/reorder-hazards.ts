import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function reorderHazards(
  id: number,
  input: { version: number; hazardIds: number[] },
): Promise<HazardAnalysis> {
  return (await api.put<{ data: HazardAnalysis }>(`hazardanalysis/${id}/hazards/order`, input)).data;
}

export const useReorderHazards = (id: number) =>
  useHazardAnalysisWrite(id, (input: { version: number; hazardIds: number[] }) => reorderHazards(id, input));
