import type { Activity, MoveActivity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** 400 PARENT_IS_RECURSIVE; 409 ACTIVITY_IS_A_ROLE, ACTIVITY_IS_SYSTEM, ACTIVITY_IS_ROLE_BASE, CONFLICT. */
export async function moveActivity(id: number, input: MoveActivity): Promise<Activity> {
  const answer = await api.post<{ data: Activity }>(`activities/${id}/move`, input);
  return answer.data;
}

export function useMoveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: MoveActivity }) => moveActivity(id, input),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(activity.id), activity);
      return queryClient.invalidateQueries({ queryKey: activityKeys.tree() });
    },
  });
}
