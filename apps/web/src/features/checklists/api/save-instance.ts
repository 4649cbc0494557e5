import type {
  ChecklistInstance,
  SaveChecklistInstance,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Saves answers and the results computed in the browser; the server recomputes and refuses a mismatch. */
export async function saveInstance(
  id: number,
  instanceId: number,
  input: SaveChecklistInstance,
): Promise<ChecklistInstance> {
  return (await api.put<{ data: ChecklistInstance }>(`checklists/${id}/instances/${instanceId}`, input)).data;
}

export function useSaveInstance(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveChecklistInstance) => saveInstance(id, instanceId, input),
    onSuccess: (inst) => {
      queryClient.setQueryData(checklistKeys.instance(id, instanceId), inst);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.instances(id) });
    },
  });
}
