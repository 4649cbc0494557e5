import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Shares a filled checklist with the linked record's people or takes it back (viewer status). */
export function useSetVisibility(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; visible: boolean }) =>
      (
        await api.put<{ data: ChecklistInstance }>(
          `checklists/${id}/instances/${instanceId}/visibility`,
          input,
        )
      ).data,
    onSuccess: (inst) => {
      queryClient.setQueryData(checklistKeys.instance(id, instanceId), inst);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.instances(id) });
    },
  });
}
