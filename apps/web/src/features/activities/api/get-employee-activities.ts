import type { EmployeeActivities } from '@schutzwerk/shared/activities/activity.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { activityKeys } from './activity-keys.ts';

export async function getEmployeeActivities(employeeId: number): Promise<EmployeeActivities> {
  const answer = await api.get<{ data: EmployeeActivities }>(`employee/${employeeId}/activities`);
  return answer.data;
}

export const employeeActivitiesQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: activityKeys.ofEmployee(employeeId),
    queryFn: () => getEmployeeActivities(employeeId),
    staleTime: 0,
  });

export function useEmployeeActivities(employeeId: number) {
  return useQuery(employeeActivitiesQueryOptions(employeeId));
}
