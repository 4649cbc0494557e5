import type { Document, UpdateDocument } from '@schutzwerk/shared/documents/documents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

/** PATCH with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateDocument(id: number, input: UpdateDocument): Promise<Document> {
  return (await api.patch<{ data: Document }>(`documents/${id}`, input)).data;
}

export function useUpdateDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDocument) => updateDocument(id, input),
    onSuccess: (doc) => queryClient.setQueryData(documentKeys.detail(id), doc),
  });
}
