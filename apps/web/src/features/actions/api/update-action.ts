import type { Action, UpdateAction } from '@schutzwerk/shared/actions/actions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateAction(id: number, input: UpdateAction): Promise<Action> {
  return (await api.put<{ data: Action }>(`actions/${id}`, input)).data;
}

export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateAction }) => updateAction(id, input),
    onSuccess: (action) => queryClient.setQueryData(actionKeys.detail(action.id), action),
  });
}
