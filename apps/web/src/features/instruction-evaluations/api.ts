import type { EvaluationStatistics } from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import type { MatrixTopic } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload, type QueryValue } from '#lib/api-client.ts';

/** The filters of the evaluations page (decision 073). */
export type EvaluationFilter = {
  year: number;
  topicId: number | null;
  locationId: number | null;
  includeInactive: boolean;
};

/** The filters as query parameters (empty ones left out). */
export function filterParams(filter: EvaluationFilter, withYear = true): Record<string, QueryValue> {
  return {
    ...(withYear ? { year: filter.year } : {}),
    ...(filter.topicId === null ? {} : { topicId: filter.topicId }),
    ...(filter.locationId === null ? {} : { locationId: filter.locationId }),
    ...(filter.includeInactive ? { includeInactive: true } : {}),
  };
}

/** The overdue list's source (list protocol). */
export const OVERDUE_SOURCE = 'instructions/evaluations/overdue';

export const evaluationKeys = {
  all: ['instructions', 'evaluations'] as const,
  statistics: (filter: EvaluationFilter) => [...evaluationKeys.all, 'statistics', filter] as const,
  topics: () => [...evaluationKeys.all, 'topics'] as const,
};

/** Key figures and the tables of a year (TOPICS_EVALUATE; only employees in the viewer's reach). */
export function useEvaluationStatistics(filter: EvaluationFilter) {
  return useQuery({
    queryKey: evaluationKeys.statistics(filter),
    queryFn: async () =>
      (
        await api.get<{ data: EvaluationStatistics }>(
          'instructions/evaluations/statistics',
          filterParams(filter),
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The portal's active topics for the topic filter (readable with an evaluation right). */
export function useEvaluationTopics() {
  return useQuery({
    queryKey: evaluationKeys.topics(),
    queryFn: async () => (await api.get<{ data: MatrixTopic[] }>('instructions/matrix/topics')).data,
  });
}

/** A table, the key figures or the overdue list as XLSX or PDF (the report engine). */
export function downloadEvaluation(filter: EvaluationFilter, table: string, format: 'xlsx' | 'pdf') {
  return apiDownload('instructions/evaluations/export', {
    method: 'GET',
    query: { ...filterParams(filter), table, format },
  });
}
