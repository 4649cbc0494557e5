import type {
  ChecklistInstance,
  SaveChecklistInstance,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type {
  ChecklistComment,
  ChecklistCommentResult,
  Collection,
  CreateCollection,
  CreateQuestionnaire,
  CreateQuestionnaireType,
  Questionnaire,
  QuestionnaireType,
  StartRoute,
  UpdateCollection,
  UpdateQuestionnaire,
  UpdateQuestionnaireType,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** List sources of the list protocol (decision 058). */
export const COLLECTION_SOURCE = 'checklists/collections';
export const TYPE_SOURCE = 'checklists/trees';
export const QUESTIONNAIRE_SOURCE = 'questionnaires';
export const CHECKLIST_SOURCE = 'checklists';
/** Picker checklist_segment (decision 070). */
export const SEGMENT_SOURCE = 'checklists/segments';

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  collection: (id: number) => ['questionnaires', 'collection', id] as const,
  type: (id: number) => ['questionnaires', 'type', id] as const,
  view: (id: number, mode: string) => ['questionnaires', 'view', id, mode] as const,
  route: (analysisId: number) => ['questionnaires', 'route', analysisId] as const,
};

// ── collections ──
export function useCollection(id: number | null) {
  return useQuery({
    queryKey: questionnaireKeys.collection(id ?? 0),
    queryFn: async () => (await api.get<{ data: Collection }>(`checklists/collections/${id}`)).data,
    enabled: id !== null,
    staleTime: 0,
  });
}
export function useSaveCollection(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCollection | UpdateCollection) =>
      id === null
        ? (await api.post<{ data: Collection }>('checklists/collections', input)).data
        : (await api.put<{ data: Collection }>(`checklists/collections/${id}`, input)).data,
    onSuccess: (c) => queryClient.setQueryData(questionnaireKeys.collection(c.id), c),
  });
}
export function useDeleteCollection(id: number) {
  return useMutation({
    mutationFn: (version: number) => api.delete(`checklists/collections/${id}`, { version }),
  });
}

// ── questionnaire types ──
export function useQuestionnaireType(id: number | null) {
  return useQuery({
    queryKey: questionnaireKeys.type(id ?? 0),
    queryFn: async () => (await api.get<{ data: QuestionnaireType }>(`checklists/trees/${id}`)).data,
    enabled: id !== null,
    staleTime: 0,
  });
}
export function useSaveQuestionnaireType(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateQuestionnaireType | UpdateQuestionnaireType) =>
      id === null
        ? (await api.post<{ data: QuestionnaireType }>('checklists/trees', input)).data
        : (await api.put<{ data: QuestionnaireType }>(`checklists/trees/${id}`, input)).data,
    onSuccess: (c) => queryClient.setQueryData(questionnaireKeys.type(c.id), c),
  });
}
export function useDeleteQuestionnaireType(id: number) {
  return useMutation({
    mutationFn: (version: number) => api.delete(`checklists/trees/${id}`, { version }),
  });
}

// ── questionnaires ──
export const questionnaireQueryOptions = (id: number, mode: string) =>
  queryOptions({
    queryKey: questionnaireKeys.view(id, mode),
    queryFn: async () => (await api.get<{ data: Questionnaire }>(`questionnaires/${id}/${mode}`)).data,
    staleTime: 0,
    retry: false,
  });
export function useQuestionnaire(id: number, mode: string) {
  return useQuery(questionnaireQueryOptions(id, mode));
}
export function useCreateQuestionnaire() {
  return useMutation({
    mutationFn: async (input: CreateQuestionnaire) =>
      (await api.post<{ data: Questionnaire }>('questionnaires', input)).data,
  });
}
export function useUpdateQuestionnaire(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateQuestionnaire) =>
      (await api.put<{ data: Questionnaire }>(`questionnaires/${id}`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }),
  });
}
export function useSaveEntry(id: number, entryId: number) {
  return useMutation({
    mutationFn: async (input: SaveChecklistInstance) =>
      (await api.put<{ data: ChecklistInstance }>(`questionnaires/${id}/entries/${entryId}`, input)).data,
  });
}
export function useComment(id: number) {
  return useMutation({
    mutationFn: async (input: ChecklistComment) =>
      (await api.post<{ data: ChecklistCommentResult }>(`questionnaires/${id}/comments`, input)).data,
  });
}

// ── the route of a hazard assessment ──
export type RouteSummary = { id: number; title: string; status: 'open' | 'done'; analysis: string };
export function useRoute(analysisId: number) {
  return useQuery({
    queryKey: questionnaireKeys.route(analysisId),
    queryFn: async () =>
      (await api.get<{ data: RouteSummary }>(`hazardanalysis/${analysisId}/questionnaire`)).data,
    staleTime: 0,
    retry: false,
  });
}
export function useStartRoute(analysisId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: StartRoute) =>
      (await api.post<{ data: RouteSummary }>(`hazardanalysis/${analysisId}/questionnaire`, input)).data,
    onSuccess: (r) => queryClient.setQueryData(questionnaireKeys.route(analysisId), r),
  });
}
