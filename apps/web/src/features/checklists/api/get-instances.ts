import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

export async function getInstances(id: number): Promise<ChecklistInstance[]> {
  return (await api.get<{ data: ChecklistInstance[] }>(`checklists/${id}/instances`)).data;
}

export function useInstances(id: number) {
  return useQuery({ queryKey: checklistKeys.instances(id), queryFn: () => getInstances(id), staleTime: 0 });
}
