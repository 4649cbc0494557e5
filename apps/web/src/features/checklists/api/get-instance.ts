import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

export async function getInstance(id: number, instanceId: number): Promise<ChecklistInstance> {
  return (await api.get<{ data: ChecklistInstance }>(`checklists/${id}/instances/${instanceId}`)).data;
}

export const instanceQueryOptions = (id: number, instanceId: number) =>
  queryOptions({
    queryKey: checklistKeys.instance(id, instanceId),
    queryFn: () => getInstance(id, instanceId),
    staleTime: 0,
  });

export function useInstance(id: number, instanceId: number, enabled = true) {
  return useQuery({ ...instanceQueryOptions(id, instanceId), enabled });
}
