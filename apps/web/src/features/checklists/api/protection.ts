import type { ChecklistProtection } from '@schutzwerk/shared/audits/audits.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Whether the checklist is password-protected and unlocked for the caller (decision 059). */
const protectionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: checklistKeys.protection(id),
    queryFn: async () => (await api.get<{ data: ChecklistProtection }>(`checklists/${id}/protection`)).data,
    staleTime: 0,
  });

export function useProtection(id: number) {
  return useQuery(protectionQueryOptions(id));
}

/** Unlocks with the password (checked on the server). */
export function useUnlock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.post<{ data: ChecklistProtection }>(`checklists/${id}/unlock`, { password })).data,
    onSuccess: (p) => queryClient.setQueryData(checklistKeys.protection(id), p),
  });
}

/** Sets or (null) removes the password. */
export function useSetPassword(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string | null) =>
      (await api.put<{ data: ChecklistProtection }>(`checklists/${id}/password`, { password })).data,
    onSuccess: (p) => queryClient.setQueryData(checklistKeys.protection(id), p),
  });
}
