import type { Task, UpdateSchedule } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { schedulerKeys } from './scheduler-keys.ts';

/** PUT with the version the dialog is based on; a stale version answers 409 CONFLICT. */
export async function updateTaskSchedule(taskId: number, input: UpdateSchedule): Promise<Task> {
  const answer = await api.put<{ data: Task }>(`taskschedule/${taskId}/schedule`, input);
  return answer.data;
}

export function useUpdateTaskSchedule(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSchedule) => updateTaskSchedule(taskId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulerKeys.lists() }),
  });
}
