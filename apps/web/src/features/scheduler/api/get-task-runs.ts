import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { type Run, TASK_RUNS_LIMIT } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { schedulerKeys } from './scheduler-keys.ts';

/** The newest runs of a task, with outcome and log. */
export async function getTaskRuns(taskId: number, signal?: AbortSignal): Promise<Run[]> {
  const answer = await api.get<{ data: ListResult<Run> }>(
    `taskschedule/${taskId}/runs`,
    { limit: TASK_RUNS_LIMIT },
    signal,
  );
  return answer.data.rows;
}

export const taskRunsQueryOptions = (taskId: number, taskRunning: boolean) =>
  queryOptions({
    queryKey: schedulerKeys.runs(taskId),
    queryFn: ({ signal }) => getTaskRuns(taskId, signal),
    refetchInterval: (query) =>
      taskRunning || query.state.data?.some((r) => r.outcome === null) ? 1000 : false,
  });

export function useTaskRuns(taskId: number | null, taskRunning: boolean) {
  return useQuery({ ...taskRunsQueryOptions(taskId ?? 0, taskRunning), enabled: taskId !== null });
}
