import type { Action } from '@schutzwerk/shared/actions/actions.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { actionKeys } from './action-keys.ts';

export async function getAction(id: number): Promise<Action> {
  return (await api.get<{ data: Action }>(`actions/${id}`)).data;
}

export const actionQueryOptions = (id: number) =>
  queryOptions({ queryKey: actionKeys.detail(id), queryFn: () => getAction(id), staleTime: 0 });

export function useAction(id: number | null) {
  return useQuery({ ...actionQueryOptions(id ?? 0), enabled: id !== null });
}
