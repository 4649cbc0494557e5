import type {
  RegisterEntry,
  ReleaseSds,
  UpdateRegisterEntry,
} from '@schutzwerk/shared/substances/register.schema.ts';
import type {
  CreateSubstitutionTest,
  SubstitutionTest,
  UpdateSubstitutionTest,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import type { LinkSdsChecklist } from '@schutzwerk/shared/substances/usage.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** List sources of substitution tests and the substances picker (list protocol, spec shell §7). */
export const SUBSTITUTION_LIST_SOURCE = 'substitutiontests';
export const SUBSTANCE_PICKER_SOURCE = 'substances';

export const substitutionKeys = {
  all: ['substitution'] as const,
  detail: (id: number) => [...substitutionKeys.all, 'detail', id] as const,
  register: (substanceId: number) => [...substitutionKeys.all, 'register', substanceId] as const,
};

export async function getSubstitutionTest(id: number): Promise<SubstitutionTest> {
  return (await api.get<{ data: SubstitutionTest }>(`substitutiontests/${id}`)).data;
}

export const substitutionTestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: substitutionKeys.detail(id),
    queryFn: () => getSubstitutionTest(id),
    staleTime: 0,
  });

export function useSubstitutionTest(id: number, enabled = true) {
  return useQuery({ ...substitutionTestQueryOptions(id), enabled });
}

export function useCreateSubstitutionTest() {
  return useMutation({
    mutationFn: async (input: CreateSubstitutionTest) =>
      (await api.post<{ data: SubstitutionTest }>('substitutiontests', input)).data,
  });
}

/** PUT of the whole test with the version it is based on; 409 CONFLICT when stale. */
export function useUpdateSubstitutionTest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateSubstitutionTest) =>
      (await api.put<{ data: SubstitutionTest }>(`substitutiontests/${id}`, input)).data,
    onSuccess: (saved) => queryClient.setQueryData(substitutionKeys.detail(id), saved),
  });
}

export function useDeleteSubstitutionTest(id: number) {
  return useMutation({
    mutationFn: (version: number) => api.delete(`substitutiontests/${id}`, { version }),
  });
}

export function useRegisterEntry(substanceId: number, substanceVersion: number) {
  return useQuery({
    queryKey: [...substitutionKeys.register(substanceId), substanceVersion],
    queryFn: async () => (await api.get<{ data: RegisterEntry }>(`substances/${substanceId}/register`)).data,
    staleTime: 0,
  });
}

export function useUpdateRegisterEntry(substanceId: number) {
  return useMutation({
    mutationFn: async (input: UpdateRegisterEntry) =>
      (await api.put<{ data: RegisterEntry }>(`substances/${substanceId}/register`, input)).data,
  });
}

export function useReleaseSds(substanceId: number) {
  return useMutation({
    mutationFn: async (input: ReleaseSds) =>
      (await api.post<{ data: RegisterEntry }>(`substances/${substanceId}/sds-release`, input)).data,
  });
}

/** The list source of the release checklist's picker: active checklists meant for substances (054). */
export const SDS_CHECKLIST_PICKER_SOURCE = 'substancechecklist/picker';

/** Links the checklist of the data-sheet release; answers the entry with the filled instance's state. */
export function useLinkSdsChecklist(substanceId: number) {
  return useMutation({
    mutationFn: async (input: LinkSdsChecklist) =>
      (await api.put<{ data: RegisterEntry }>(`substances/${substanceId}/sds-checklist`, input)).data,
  });
}
