import type {
  AdoptBrickActions,
  HazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { api } from '#lib/api-client.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

/** 'Maßnahmen aus Baustein übernehmen': chosen measures of the hazard's brick become open actions. */
export async function adoptBrickActions(
  id: number,
  { hazardId, ...input }: AdoptBrickActions & { hazardId: number },
): Promise<HazardAnalysis> {
  return (
    await api.post<{ data: HazardAnalysis }>(`hazardanalysis/${id}/hazards/${hazardId}/proposals`, input)
  ).data;
}

export const useAdoptBrickActions = (id: number) =>
  useHazardAnalysisWrite(id, (input: AdoptBrickActions & { hazardId: number }) =>
    adoptBrickActions(id, input),
  );
