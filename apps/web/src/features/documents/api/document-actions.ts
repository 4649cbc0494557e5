import type { Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

export type DocumentAction = 'release' | 'check';

/** Release (needs a PDF as current version) or record a check (needs responsible person and date). */
export async function runDocumentAction(
  id: number,
  action: DocumentAction,
  version: number,
): Promise<Document> {
  return (await api.post<{ data: Document }>(`documents/${id}/${action}`, { version })).data;
}

export function useDocumentAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: DocumentAction; version: number }) =>
      runDocumentAction(id, action, version),
    onSuccess: (doc) => queryClient.setQueryData(documentKeys.detail(id), doc),
  });
}
