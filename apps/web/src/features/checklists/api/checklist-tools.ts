import type {
  Checklist,
  ChecklistBackup,
  ChecklistExport,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

/** Clones a checklist (up to its clone maximum); answers the clone. */
export function useCloneChecklist(id: number) {
  return useMutation({
    mutationFn: async () => (await api.post<{ data: Checklist }>(`checklists/${id}/clone`)).data,
  });
}

/** The stored earlier states of a checklist, newest first. */
export function useBackups(id: number, enabled: boolean) {
  return useQuery({
    queryKey: checklistKeys.backups(id),
    queryFn: async () => (await api.get<{ data: ChecklistBackup[] }>(`checklists/${id}/backups`)).data,
    enabled,
    staleTime: 0,
  });
}

/** Restores a backup onto the checklist's current version; answers the checklist. */
export function useRestoreBackup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ backupId, version }: { backupId: number; version: number }) =>
      (await api.post<{ data: Checklist }>(`checklists/${id}/backups/${backupId}/restore`, { version })).data,
    onSuccess: (c) => {
      queryClient.setQueryData(checklistKeys.detail(id), c);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.backups(id) });
    },
  });
}

/** Downloads the checklist as a JSON file (the export format the import reads). */
export async function exportChecklist(id: number, fileName: string): Promise<void> {
  const file = (await api.get<{ data: ChecklistExport }>(`checklists/${id}/export`)).data;
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Imports a checklist file's text as a new checklist. */
export function useImportChecklist() {
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.post<{ data: Checklist }>('checklists/import', { content })).data,
  });
}

/** The roles a right can name (needs AUDIT_CHECKLISTS_RIGHTS). */
export function useRightOptions(enabled: boolean) {
  return useQuery({
    queryKey: checklistKeys.rightOptions(),
    queryFn: async () =>
      (await api.get<{ data: { roles: { id: number; name: string }[] } }>('checklists/right-options')).data,
    enabled,
  });
}
