import type { ActivityTree } from '@schutzwerk/shared/activities/activity.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

/** All nodes of the caller's portal, flat; the page builds the tree. */
export async function getActivityTree(): Promise<ActivityTree> {
  const answer = await api.get<{ data: ActivityTree }>('activities/tree');
  return answer.data;
}

export const activityTreeQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.tree(), queryFn: getActivityTree, staleTime: 0 });

export function useActivityTree() {
  return useQuery(activityTreeQueryOptions());
}
