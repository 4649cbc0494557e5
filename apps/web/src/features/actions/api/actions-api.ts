import type { Action, CreateAction, UpdateAction } from '@schutzwerk/shared/actions/actions.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

export const actionKeys = {
  all: ['actions'] as const,
  detail: (id: number) => [...actionKeys.all, 'detail', id] as const,
};

/** List sources (list protocol): actions the caller may read, and the caller's tasks. */
export const ACTION_LIST_SOURCE = 'actions';
export const TASK_LIST_SOURCE = 'tasks';

export async function getAction(id: number): Promise<Action> {
  return (await api.get<{ data: Action }>(`actions/${id}`)).data;
}

export const actionQueryOptions = (id: number) =>
  queryOptions({ queryKey: actionKeys.detail(id), queryFn: () => getAction(id), staleTime: 0 });

export function useAction(id: number | null) {
  return useQuery({ ...actionQueryOptions(id ?? 0), enabled: id !== null });
}

export function useCreateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAction) => (await api.post<{ data: Action }>('actions', input)).data,
    onSuccess: (action) => queryClient.setQueryData(actionKeys.detail(action.id), action),
  });
}

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: UpdateAction }) =>
      (await api.put<{ data: Action }>(`actions/${id}`, input)).data,
    onSuccess: (action) => queryClient.setQueryData(actionKeys.detail(action.id), action),
  });
}

export function useDeleteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`actions/${id}`, { version }),
    onSuccess: (_v, { id }) => queryClient.removeQueries({ queryKey: actionKeys.detail(id) }),
  });
}

/** The task flow ('Meine Aufgaben'): complete, report a problem, resolve it (each with the task's version). */
export function useTaskFlow() {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: actionKeys.all });
  return {
    complete: useMutation({
      mutationFn: ({ id, version }: { id: number; version: number }) =>
        api.post(`tasks/${id}/complete`, { version }),
      onSuccess: invalidate,
    }),
    reportProblem: useMutation({
      mutationFn: ({ id, version, reason }: { id: number; version: number; reason: string }) =>
        api.post(`tasks/${id}/problem`, { version, reason }),
      onSuccess: invalidate,
    }),
    resolve: useMutation({
      mutationFn: ({ id, version }: { id: number; version: number }) =>
        api.post(`tasks/${id}/resolve`, { version }),
      onSuccess: invalidate,
    }),
  };
}
