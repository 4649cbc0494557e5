import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

/** 409 CONFLICT on a stale version. */
export function deleteAction(id: number, version: number): Promise<void> {
  return api.delete(`actions/${id}`, { version });
}

export function useDeleteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => deleteAction(id, version),
    onSuccess: (_v, { id }) => queryClient.removeQueries({ queryKey: actionKeys.detail(id) }),
  });
}
