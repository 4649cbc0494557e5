import type { RunStarted } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { schedulerKeys } from './scheduler-keys.ts';

/** Starts a run now; the server answers once the task is claimed (409 if it is already running). */
export async function runTask(taskId: number): Promise<RunStarted> {
  const answer = await api.post<{ data: RunStarted }>(`taskschedule/${taskId}/run`);
  return answer.data;
}

export function useRunTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => runTask(taskId),
    onSettled: (_data, _error, taskId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulerKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: schedulerKeys.runs(taskId) }),
      ]),
  });
}
