import type {
  NohlCriteriaAnswer,
  UpdateNohlCriteria,
} from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nohlCriteriaKeys } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { api } from '#lib/api-client.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateNohlCriteria(input: UpdateNohlCriteria): Promise<NohlCriteriaAnswer> {
  return (await api.put<{ data: NohlCriteriaAnswer }>('hazardanalysis/status', input)).data;
}

export function useUpdateNohlCriteria() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNohlCriteria,
    onSuccess: (saved) => {
      queryClient.setQueryData(nohlCriteriaKeys.current(), saved);
      void queryClient.invalidateQueries({ queryKey: nohlCriteriaKeys.history() });
    },
  });
}
