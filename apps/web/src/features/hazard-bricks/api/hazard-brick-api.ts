import type {
  CreateHazardBrick,
  HazardBrick,
  UpdateHazardBrick,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const hazardBrickKeys = {
  all: ['hazardBricks'] as const,
  detail: (id: number) => [...hazardBrickKeys.all, 'detail', id] as const,
};

/** List sources (list protocol, spec shell §7). */
export const HAZARD_BRICK_LIST_SOURCE = 'hazardbricks';
export const HAZARD_BRICK_PICKER_SOURCES = {
  default: 'hazardbrick/picker',
  free: 'hazardbrick/pickerFree',
  all: 'hazardbrick/pickerAll',
} as const;
export type HazardBrickPickerVariant = keyof typeof HAZARD_BRICK_PICKER_SOURCES;
export const HAZARD_BRICK_ACTION_PICKER_SOURCE = 'hazardbrickaction/picker';

export async function getHazardBrick(id: number): Promise<HazardBrick> {
  return (await api.get<{ data: HazardBrick }>(`hazardbricks/${id}`)).data;
}

export const hazardBrickQueryOptions = (id: number) =>
  queryOptions({ queryKey: hazardBrickKeys.detail(id), queryFn: () => getHazardBrick(id), staleTime: 0 });

export function useHazardBrick(id: number, enabled = true) {
  return useQuery({ ...hazardBrickQueryOptions(id), enabled });
}

export function useCreateHazardBrick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateHazardBrick) =>
      (await api.post<{ data: HazardBrick }>('hazardbricks', input)).data,
    onSuccess: (brick) => queryClient.setQueryData(hazardBrickKeys.detail(brick.id), brick),
  });
}

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export function useUpdateHazardBrick(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateHazardBrick) =>
      (await api.put<{ data: HazardBrick }>(`hazardbricks/${id}`, input)).data,
    onSuccess: (brick) => queryClient.setQueryData(hazardBrickKeys.detail(id), brick),
  });
}

export function useDeleteHazardBrick(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.delete(`hazardbricks/${id}`, { version }),
    onSuccess: () => queryClient.removeQueries({ queryKey: hazardBrickKeys.detail(id) }),
  });
}
