import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import type { Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { schedulerKeys } from './scheduler-keys.ts';

/** All tasks (a handful), sorted by name. */
export async function getTasks(signal?: AbortSignal): Promise<Task[]> {
  const answer = await api.get<{ data: ListResult<Task> }>('taskschedule/list', { orderBy: 'name' }, signal);
  return answer.data.rows;
}

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: schedulerKeys.lists(),
    queryFn: ({ signal }) => getTasks(signal),
    // While a task runs, follow it closely; otherwise refresh now and then (fire times move on).
    refetchInterval: (query) => (query.state.data?.some((t) => t.state === 'blocked') ? 1000 : 15_000),
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
