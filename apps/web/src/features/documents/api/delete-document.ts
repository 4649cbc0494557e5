import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

export async function deleteDocument(id: number, version: number): Promise<void> {
  await api.delete(`documents/${id}`, { version });
}

export function useDeleteDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteDocument(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: documentKeys.detail(id) }),
  });
}
