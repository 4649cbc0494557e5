import type { Document, DocumentLinkEntity } from '@schutzwerk/shared/documents/documents.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

export async function getDocumentLinks(entity: DocumentLinkEntity, entityId: number): Promise<Document[]> {
  return (await api.get<{ data: Document[] }>('documents/links', { entity, entityId })).data;
}

export const documentLinksQueryOptions = (entity: DocumentLinkEntity, entityId: number) =>
  queryOptions({
    queryKey: documentKeys.links(entity, entityId),
    queryFn: () => getDocumentLinks(entity, entityId),
  });

/** `enabled` false for users without DOCUMENTS: the server would answer 403. */
export function useDocumentLinks(entity: DocumentLinkEntity, entityId: number, enabled = true) {
  return useQuery({ ...documentLinksQueryOptions(entity, entityId), enabled });
}

/** Attach (add) or detach (remove) a document; the attached list is reloaded afterwards. */
export function useDocumentLinkMutation(entity: DocumentLinkEntity, entityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ documentId, remove }: { documentId: number; remove?: boolean }) => {
      if (remove) await api.delete('documents/links', { entity, entityId, documentId });
      else await api.post('documents/links', { entity, entityId, documentId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.links(entity, entityId) }),
  });
}
