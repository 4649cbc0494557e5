import type { CreateDocument, Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

export async function createDocument(input: CreateDocument): Promise<Document> {
  return (await api.post<{ data: Document }>('documents', input)).data;
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (doc) => queryClient.setQueryData(documentKeys.detail(doc.id), doc),
  });
}
