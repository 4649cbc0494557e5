import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hazardAnalysisKeys } from './hazard-analysis-keys.ts';

/** Every write answers the whole assessment with its new version; the cache follows. */
export function useHazardAnalysisWrite<I>(id: number, send: (input: I) => Promise<HazardAnalysis>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (a) => {
      queryClient.setQueryData(hazardAnalysisKeys.detail(id), a);
      void queryClient.invalidateQueries({ queryKey: hazardAnalysisKeys.versions(id) });
    },
  });
}
