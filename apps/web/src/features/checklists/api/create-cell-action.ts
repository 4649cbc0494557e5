import type { ChecklistInstance, CreateCellAction } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Creates the action of a task cell; the instance comes back with the action's id as the cell's answer. */
export function useCreateCellAction(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCellAction) =>
      (await api.post<{ data: ChecklistInstance }>(`checklists/${id}/instances/${instanceId}/actions`, input))
        .data,
    onSuccess: (inst) => {
      queryClient.setQueryData(checklistKeys.instance(id, instanceId), inst);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.instances(id) });
    },
  });
}
