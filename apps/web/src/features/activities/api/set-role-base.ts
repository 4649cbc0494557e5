import type { Activity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** Once per portal; afterwards 409 ACTIVITY_ROLE_BASE_ALREADY_SET. */
export async function setRoleBase(id: number, version: number): Promise<Activity> {
  const answer = await api.post<{ data: Activity }>(`activities/${id}/role-base`, { version });
  return answer.data;
}

export function useSetRoleBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => setRoleBase(id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}
