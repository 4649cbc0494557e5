import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

export async function inheritHazardAnalysis(
  id: number,
  input: { version: number; templateId: number },
): Promise<HazardAnalysis> {
  return (await api.post<{ data: HazardAnalysis }>(`hazardanalysis/${id}/inheritance`, input)).data;
}

export const useInheritHazardAnalysis = (id: number) =>
  useHazardAnalysisWrite(id, (input: { version: number; templateId: number }) =>
    inheritHazardAnalysis(id, input),
  );
