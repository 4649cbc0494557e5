import type { NohlCriteriaAnswer } from '@schutzwerk/shared/hazard-analysis/nohl-criteria.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const nohlCriteriaKeys = {
  all: ['nohlCriteria'] as const,
  current: () => [...nohlCriteriaKeys.all, 'current'] as const,
  history: () => [...nohlCriteriaKeys.all, 'history'] as const,
};

export async function getNohlCriteria(): Promise<NohlCriteriaAnswer> {
  return (await api.get<{ data: NohlCriteriaAnswer }>('hazardanalysis/status')).data;
}

export const nohlCriteriaQueryOptions = () =>
  queryOptions({ queryKey: nohlCriteriaKeys.current(), queryFn: getNohlCriteria, staleTime: 60_000 });

/**
 * The classification criteria in force (GET /api/hazardanalysis/status, open to every signed-in user).
 * `data.criteria` feeds NohlMatrixGrid and NohlRiskChip.
 */
export function useNohlCriteria() {
  return useQuery(nohlCriteriaQueryOptions());
}
