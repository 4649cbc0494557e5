import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

/** The task flow ('Meine Aufgaben'): a problem with the task, with its reason (and the task's version). */
export function reportTaskProblem(id: number, version: number, reason: string): Promise<void> {
  return api.post(`tasks/${id}/problem`, { version, reason });
}

export function useReportTaskProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, reason }: { id: number; version: number; reason: string }) =>
      reportTaskProblem(id, version, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionKeys.all }),
  });
}
