import type { Activity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

export async function getActivity(id: number): Promise<Activity> {
  const answer = await api.get<{ data: Activity }>(`activities/${id}`);
  return answer.data;
}

export const activityQueryOptions = (id: number) =>
  queryOptions({ queryKey: activityKeys.detail(id), queryFn: () => getActivity(id), staleTime: 0 });

export function useActivity(id: number | null) {
  return useQuery({ ...activityQueryOptions(id ?? 0), enabled: id !== null });
}
