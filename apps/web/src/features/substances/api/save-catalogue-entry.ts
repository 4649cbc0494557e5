import type { NamedEntry } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { CATALOGUE_SOURCES, type CatalogueKind } from './substance-sources.ts';

/** Creates an entry (no id) or renames one (id with the version read). */
export async function saveCatalogueEntry(
  kind: CatalogueKind,
  entry: { id?: number; version?: number; name: string },
): Promise<NamedEntry> {
  const path = CATALOGUE_SOURCES[kind];
  if (entry.id === undefined) return (await api.post<{ data: NamedEntry }>(path, { name: entry.name })).data;
  return (
    await api.put<{ data: NamedEntry }>(`${path}/${entry.id}`, { name: entry.name, version: entry.version })
  ).data;
}

export function useSaveCatalogueEntry(kind: CatalogueKind) {
  return useMutation({
    mutationFn: (entry: { id?: number; version?: number; name: string }) => saveCatalogueEntry(kind, entry),
  });
}

/** Refused while a substance version uses the entry. */
export function deleteCatalogueEntry(kind: CatalogueKind, id: number, version: number): Promise<void> {
  return api.delete(`${CATALOGUE_SOURCES[kind]}/${id}`, { version });
}

export function useDeleteCatalogueEntry(kind: CatalogueKind) {
  return useMutation({
    mutationFn: (entry: { id: number; version: number }) =>
      deleteCatalogueEntry(kind, entry.id, entry.version),
  });
}
