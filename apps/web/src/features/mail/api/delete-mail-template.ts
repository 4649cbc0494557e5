import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

export async function deleteMailTemplate(input: { id: number; version: number }): Promise<void> {
  await api.delete(`mail/templates/${input.id}`, { version: input.version });
}

export function useDeleteMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.templates() }),
  });
}
