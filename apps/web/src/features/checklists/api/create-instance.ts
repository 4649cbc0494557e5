import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Starts filling the checklist on its own (not linked to another module's record). */
export async function createInstance(id: number): Promise<ChecklistInstance> {
  return (await api.post<{ data: ChecklistInstance }>(`checklists/${id}/instances`)).data;
}

export function useCreateInstance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createInstance(id),
    onSuccess: (inst) => {
      queryClient.setQueryData(checklistKeys.instance(id, inst.id), inst);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.instances(id) });
    },
  });
}
