import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

/** The task flow ('Meine Aufgaben'): a reported problem is resolved (with the task's version). */
export function resolveTaskProblem(id: number, version: number): Promise<void> {
  return api.post(`tasks/${id}/resolve`, { version });
}

export function useResolveTaskProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => resolveTaskProblem(id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionKeys.all }),
  });
}
