import type { Activity, UpdateActivity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** PATCH with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateActivity(id: number, input: UpdateActivity): Promise<Activity> {
  const answer = await api.patch<{ data: Activity }>(`activities/${id}`, input);
  return answer.data;
}

export function useUpdateActivity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateActivity) => updateActivity(id, input),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(id), activity);
      return queryClient.invalidateQueries({ queryKey: activityKeys.tree() });
    },
  });
}
