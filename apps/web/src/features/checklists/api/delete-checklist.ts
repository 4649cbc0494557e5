import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Refused (409 CHECKLIST_IN_USE) once the checklist has been filled; 409 CONFLICT on a stale version. */
export function deleteChecklist(id: number, version: number): Promise<void> {
  return api.delete(`checklists/${id}`, { version });
}

export function useDeleteChecklist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteChecklist(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: checklistKeys.detail(id) }),
  });
}
