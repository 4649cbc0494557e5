import type { Activity, CreateActivity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** 409 ACTIVITY_IS_A_ROLE / ACTIVITY_IS_SYSTEM below a role or system node; 409 ACTIVITY_NAME_EXISTS. */
export async function createActivity(input: CreateActivity): Promise<Activity> {
  const answer = await api.post<{ data: Activity }>('activities', input);
  return answer.data;
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(activity.id), activity);
      return queryClient.invalidateQueries({ queryKey: activityKeys.tree() });
    },
  });
}
