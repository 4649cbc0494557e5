import type {
  CreateInjuryCategory,
  InjuryCategory,
  UpdateInjuryCategory,
} from '@schutzwerk/shared/accidents/injury-categories.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

/** The managed catalogue of injury categories (decision 056), active and inactive. */
export function useInjuryCategories() {
  return useQuery({
    queryKey: accidentKeys.injuryCategories(),
    queryFn: async () => (await api.get<{ data: InjuryCategory[] }>('accidents/injury-categories')).data,
    staleTime: 60_000,
  });
}

/** The label of a category id ('' while loading or unknown). */
export function useInjuryCategoryLabel(): (id: number | null) => string {
  const { data } = useInjuryCategories();
  return useCallback((id) => (id === null ? '' : (data?.find((c) => c.id === id)?.label ?? '')), [data]);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accidentKeys.injuryCategories() });
}

export function useCreateInjuryCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreateInjuryCategory) =>
      (await api.post<{ data: InjuryCategory }>('accidents/injury-categories', input)).data,
    onSuccess: refresh,
  });
}

export function useUpdateInjuryCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...patch }: UpdateInjuryCategory & { id: number }) =>
      (await api.patch<{ data: InjuryCategory }>(`accidents/injury-categories/${id}`, patch)).data,
    onSuccess: refresh,
  });
}

export function useDeleteInjuryCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`accidents/injury-categories/${id}`, { version }),
    onSuccess: refresh,
  });
}
