import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

/** The task flow ('Meine Aufgaben'): the task is done (with the task's version). */
export function completeTask(id: number, version: number): Promise<void> {
  return api.post(`tasks/${id}/complete`, { version });
}

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => completeTask(id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionKeys.all }),
  });
}
