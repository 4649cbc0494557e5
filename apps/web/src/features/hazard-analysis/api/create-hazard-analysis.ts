import type {
  CreateHazardAnalysis,
  HazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

export async function createHazardAnalysis(input: CreateHazardAnalysis): Promise<HazardAnalysis> {
  return (await api.post<{ data: HazardAnalysis }>('hazardanalysis', input)).data;
}

export function useCreateHazardAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHazardAnalysis,
    onSuccess: (a) => queryClient.setQueryData(hazardAnalysisKeys.detail(a.id), a),
  });
}
