import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Runs a SQL cell's query on the server; the instance comes back with the value as the cell's answer. */
export function useRefreshSqlCell(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; cell: string }) =>
      (await api.post<{ data: ChecklistInstance }>(`checklists/${id}/instances/${instanceId}/sql`, input))
        .data,
    onSuccess: (inst) => queryClient.setQueryData(checklistKeys.instance(id, instanceId), inst),
  });
}
