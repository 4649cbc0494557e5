import type {
  CreateEffectivenessReview,
  EffectivenessOverview,
  EffectivenessReview,
  EffectivenessTopicDetail,
} from '@schutzwerk/shared/instructions/evaluations-effectiveness.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { evaluationKeys } from './api.ts';

/** The effectiveness review of topics (decision 075). */
const BASE = 'instructions/evaluations/effectiveness';

export const effectivenessKeys = {
  all: [...evaluationKeys.all, 'effectiveness'] as const,
  overview: (year: number) => [...effectivenessKeys.all, 'overview', year] as const,
  detail: (topicId: number) => [...effectivenessKeys.all, 'detail', topicId] as const,
};

/** The portal's topics with effectiveness, last review and evidence; the criteria to rate (TOPICS_EVALUATE). */
export function useEffectivenessOverview(year: number) {
  return useQuery({
    queryKey: effectivenessKeys.overview(year),
    queryFn: async () => (await api.get<{ data: EffectivenessOverview }>(BASE, { year })).data,
  });
}

/** A topic's reviews (newest first) and its questions' first-attempt answers. */
export function useEffectivenessDetail(topicId: number | null) {
  return useQuery({
    queryKey: effectivenessKeys.detail(topicId ?? 0),
    queryFn: async () =>
      (await api.get<{ data: EffectivenessTopicDetail }>(`${BASE}/topics/${topicId}`)).data,
    enabled: topicId !== null,
  });
}

/** Saves a review (TOPICS_EFFECTIVENESS); the topic's effectiveness changes with it. */
export function useCreateEffectivenessReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ topicId, review }: { topicId: number; review: CreateEffectivenessReview }) =>
      (await api.post<{ data: EffectivenessReview }>(`${BASE}/topics/${topicId}/reviews`, review)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: effectivenessKeys.all }),
  });
}

/** The tab's table as XLSX or PDF (the report engine). */
export function downloadEffectiveness(year: number, format: 'xlsx' | 'pdf') {
  return apiDownload(`${BASE}/export`, { method: 'GET', query: { year, format } });
}
