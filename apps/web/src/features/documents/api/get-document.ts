import type { Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

export async function getDocument(id: number): Promise<Document> {
  return (await api.get<{ data: Document }>(`documents/${id}`)).data;
}

export const documentQueryOptions = (id: number) =>
  queryOptions({ queryKey: documentKeys.detail(id), queryFn: () => getDocument(id), staleTime: 0 });

export function useDocument(id: number, enabled = true) {
  return useQuery({ ...documentQueryOptions(id), enabled });
}
