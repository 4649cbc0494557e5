import type {
  AddHazards,
  AdoptBrickActions,
  CreateHazardAnalysis,
  HazardAnalysis,
  HazardAnalysisVersion,
  HazardAnalysisVersionRow,
  ReleaseHazardAnalysis,
  SetHazardAnalysisActive,
  UpdateHazard,
  UpdateHazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const hazardAnalysisKeys = {
  all: ['hazardAnalysis'] as const,
  detail: (id: number) => [...hazardAnalysisKeys.all, 'detail', id] as const,
  versions: (id: number) => [...hazardAnalysisKeys.all, 'versions', id] as const,
  version: (versionId: number) => [...hazardAnalysisKeys.all, 'ref', versionId] as const,
};

/** List sources (list protocol, spec shell §7). */
export const HAZARD_ANALYSIS_LIST_SOURCE = 'hazardanalysis';
export const HAZARD_ANALYSIS_DRAFT_LIST_SOURCE = 'hazardanalysis/drafts';
export const HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE = 'hazardanalysis/pickerDraft';

export const hazardAnalysisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: hazardAnalysisKeys.detail(id),
    queryFn: async () => (await api.get<{ data: HazardAnalysis }>(`hazardanalysis/${id}`)).data,
    staleTime: 0,
  });

export function useHazardAnalysis(id: number, enabled = true) {
  return useQuery({ ...hazardAnalysisQueryOptions(id), enabled });
}

export function useHazardAnalysisVersions(id: number) {
  return useQuery({
    queryKey: hazardAnalysisKeys.versions(id),
    queryFn: async () =>
      (await api.get<{ data: HazardAnalysisVersionRow[] }>(`hazardanalysis/${id}/versions`)).data,
  });
}

export function useHazardAnalysisVersion(versionId: number, enabled = true) {
  return useQuery({
    queryKey: hazardAnalysisKeys.version(versionId),
    queryFn: async () =>
      (await api.get<{ data: HazardAnalysisVersion }>(`hazardanalysis/ref/${versionId}`)).data,
    enabled,
  });
}

export function useCreateHazardAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateHazardAnalysis) =>
      (await api.post<{ data: HazardAnalysis }>('hazardanalysis', input)).data,
    onSuccess: (a) => queryClient.setQueryData(hazardAnalysisKeys.detail(a.id), a),
  });
}

/** Every write answers the whole assessment with its new version; the cache follows. */
function useWrite<I>(id: number, send: (input: I) => Promise<{ data: HazardAnalysis }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => (await send(input)).data,
    onSuccess: (a) => {
      queryClient.setQueryData(hazardAnalysisKeys.detail(id), a);
      void queryClient.invalidateQueries({ queryKey: hazardAnalysisKeys.versions(id) });
    },
  });
}

export const useUpdateHazardAnalysis = (id: number) =>
  useWrite(id, (input: UpdateHazardAnalysis) => api.put(`hazardanalysis/${id}`, input));
export const useAddHazards = (id: number) =>
  useWrite(id, (input: AddHazards) => api.post(`hazardanalysis/${id}/hazards`, input));
export const useUpdateHazard = (id: number) =>
  useWrite(id, ({ hazardId, ...input }: UpdateHazard & { hazardId: number }) =>
    api.put(`hazardanalysis/${id}/hazards/${hazardId}`, input),
  );
export const useRemoveHazard = (id: number) =>
  useWrite(id, ({ hazardId, version }: { hazardId: number; version: number }) =>
    api.delete(`hazardanalysis/${id}/hazards/${hazardId}`, { version }),
  );
/** 'Maßnahmen aus Baustein übernehmen': chosen measures of the hazard's brick become open actions. */
export const useAdoptBrickActions = (id: number) =>
  useWrite(id, ({ hazardId, ...input }: AdoptBrickActions & { hazardId: number }) =>
    api.post(`hazardanalysis/${id}/hazards/${hazardId}/proposals`, input),
  );
export const useReorderHazards = (id: number) =>
  useWrite(id, (input: { version: number; hazardIds: number[] }) =>
    api.put(`hazardanalysis/${id}/hazards/order`, input),
  );
export const useReleaseHazardAnalysis = (id: number) =>
  useWrite(id, (input: ReleaseHazardAnalysis) => api.post(`hazardanalysis/${id}/release`, input));
export const useSetHazardAnalysisActive = (id: number) =>
  useWrite(id, (input: SetHazardAnalysisActive) => api.post(`hazardanalysis/${id}/active`, input));

export const useInheritHazardAnalysis = (id: number) =>
  useWrite(id, (input: { version: number; templateId: number }) =>
    api.post(`hazardanalysis/${id}/inheritance`, input),
  );
export const useEndInheritance = (id: number) =>
  useWrite(id, (version: number) => api.delete(`hazardanalysis/${id}/inheritance`, { version }));

export function useDeleteHazardAnalysis(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.delete(`hazardanalysis/${id}`, { version }),
    onSuccess: () => queryClient.removeQueries({ queryKey: hazardAnalysisKeys.detail(id) }),
  });
}
