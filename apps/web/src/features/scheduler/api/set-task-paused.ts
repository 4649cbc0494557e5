import type { Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { schedulerKeys } from './scheduler-keys.ts';

/** Pauses or resumes a task (with the version shown; stale → 409 CONFLICT). */
export async function setTaskPaused(task: Pick<Task, 'id' | 'version'>, paused: boolean): Promise<Task> {
  const answer = await api.post<{ data: Task }>(`taskschedule/${task.id}/${paused ? 'pause' : 'resume'}`, {
    version: task.version,
  });
  return answer.data;
}

export function useSetTaskPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, paused }: { task: Pick<Task, 'id' | 'version'>; paused: boolean }) =>
      setTaskPaused(task, paused),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulerKeys.lists() }),
  });
}
