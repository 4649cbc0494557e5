import type { Checklist, UpdateChecklist } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** PUT of the whole checklist (record and grid) with the version it is based on; 409 CONFLICT when stale. */
export async function updateChecklist(id: number, input: UpdateChecklist): Promise<Checklist> {
  return (await api.put<{ data: Checklist }>(`checklists/${id}`, input)).data;
}

export function useUpdateChecklist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateChecklist) => updateChecklist(id, input),
    onSuccess: (c) => {
      queryClient.setQueryData(checklistKeys.detail(id), c);
      // every save keeps the state before as a backup
      void queryClient.invalidateQueries({ queryKey: checklistKeys.backups(id) });
    },
  });
}
