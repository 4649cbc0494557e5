import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

/** Ends the inheritance from the template (with the version the assessment is based on). */
export async function endInheritance(id: number, version: number): Promise<HazardAnalysis> {
  return (await api.delete<{ data: HazardAnalysis }>(`hazardanalysis/${id}/inheritance`, { version })).data;
}

export const useEndInheritance = (id: number) =>
  useHazardAnalysisWrite(id, (version: number) => endInheritance(id, version));
