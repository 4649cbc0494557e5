import type {
  EmployeeActivities,
  UpdateEmployeeActivities,
} from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** Replaces roles and activities; a stale `revision` answers 409 CONFLICT. */
export async function replaceEmployeeActivities(
  employeeId: number,
  input: UpdateEmployeeActivities,
): Promise<EmployeeActivities> {
  const answer = await api.put<{ data: EmployeeActivities }>(`employee/${employeeId}/activities`, input);
  return answer.data;
}

export function useReplaceEmployeeActivities(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmployeeActivities) => replaceEmployeeActivities(employeeId, input),
    onSuccess: (data) => {
      queryClient.setQueryData(activityKeys.ofEmployee(employeeId), data);
      // Employee counts in the tree changed.
      return queryClient.invalidateQueries({ queryKey: activityKeys.tree() });
    },
  });
}
