import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { HazardSubstanceLinks } from '@schutzwerk/shared/substances/usage.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';
import { useHazardAnalysisWrite } from './use-hazard-analysis-write.ts';

/** The substances list (list protocol) is the picker of a hazard's substances (active ones only). */
export const SUBSTANCE_PICKER_SOURCE = 'substances';

/** The hazardous substances of the assessment's hazards the reader may see (decision 054). */
export function useHazardSubstances(id: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: [...hazardAnalysisKeys.all, 'substances', id, version],
    queryFn: async () =>
      (await api.get<{ data: HazardSubstanceLinks }>(`hazardanalysis/${id}/substances`)).data,
    enabled,
  });
}

type LinkInput = { hazardId: number; substanceId: number; version: number };
const url = (id: number, input: LinkInput) =>
  `hazardanalysis/${id}/hazards/${input.hazardId}/substances/${input.substanceId}`;

/** Links a substance's current version to a hazard (again: takes over its newer version). */
export const useLinkHazardSubstance = (id: number) =>
  useHazardAnalysisWrite(
    id,
    async (input: LinkInput) =>
      (await api.put<{ data: HazardAnalysis }>(url(id, input), { version: input.version })).data,
  );

export const useUnlinkHazardSubstance = (id: number) =>
  useHazardAnalysisWrite(
    id,
    async (input: LinkInput) =>
      (await api.delete<{ data: HazardAnalysis }>(url(id, input), { version: input.version })).data,
  );
