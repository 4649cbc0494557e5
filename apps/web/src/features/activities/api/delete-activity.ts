import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** 409 ACTIVITY_IS_SYSTEM, ACTIVITY_IS_ROLE_BASE, ACTIVITY_HAS_CHILDREN, ACTIVITY_IN_USE or CONFLICT. */
export function deleteActivity(id: number, version: number): Promise<void> {
  return api.delete(`activities/${id}`, { version });
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteActivity(id, version),
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: activityKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: activityKeys.tree() });
    },
  });
}
