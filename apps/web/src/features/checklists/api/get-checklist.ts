import type { Checklist } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

export async function getChecklist(id: number): Promise<Checklist> {
  return (await api.get<{ data: Checklist }>(`checklists/${id}`)).data;
}

export const checklistQueryOptions = (id: number) =>
  queryOptions({ queryKey: checklistKeys.detail(id), queryFn: () => getChecklist(id), staleTime: 0 });

export function useChecklist(id: number, enabled = true) {
  return useQuery({ ...checklistQueryOptions(id), enabled });
}
