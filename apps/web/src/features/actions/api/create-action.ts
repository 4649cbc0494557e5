import type { Action, CreateAction } from '@schutzwerk/shared/actions/actions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

export async function createAction(input: CreateAction): Promise<Action> {
  return (await api.post<{ data: Action }>('actions', input)).data;
}

export function useCreateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAction,
    onSuccess: (action) => queryClient.setQueryData(actionKeys.detail(action.id), action),
  });
}
