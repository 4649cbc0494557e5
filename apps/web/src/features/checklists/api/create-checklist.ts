import type { Checklist, CreateChecklist } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

export async function createChecklist(input: CreateChecklist): Promise<Checklist> {
  return (await api.post<{ data: Checklist }>('checklists', input)).data;
}

export function useCreateChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklist,
    onSuccess: (c) => queryClient.setQueryData(checklistKeys.detail(c.id), c),
  });
}
