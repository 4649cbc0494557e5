import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

/** 409 CONFLICT on a stale version. */
export function deleteHazardAnalysis(id: number, version: number): Promise<void> {
  return api.delete(`hazardanalysis/${id}`, { version });
}

export function useDeleteHazardAnalysis(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteHazardAnalysis(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: hazardAnalysisKeys.detail(id) }),
  });
}
