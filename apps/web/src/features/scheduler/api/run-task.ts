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
    onSettled: async (_data, _error, taskId) => {
      // "Jetzt ausführen" also selects the task, so the first load of its runs may start together with
      // this request and be answered by the server before the run exists. invalidateQueries would reuse
      // that load (a fetch of a query without data is never cancelled for a refetch), the panel would keep
      // a list without the run and, the run being over, never poll again. So: cancel it, then load anew.
      await queryClient.cancelQueries({ queryKey: schedulerKeys.runs(taskId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulerKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: schedulerKeys.runs(taskId) }),
      ]);
    },
  });
}
