import type { NamedEntry } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { CATALOGUE_SOURCES, type CatalogueKind } from './substance-sources.ts';

/** Every entry of a small catalogue (product groups, package units: a few dozen at most; 100 per page). */
export async function getCatalogueEntries(kind: CatalogueKind): Promise<NamedEntry[]> {
  return (await api.get<{ data: { rows: NamedEntry[] } }>(CATALOGUE_SOURCES[kind], { limit: 100 })).data.rows;
}

export function useCatalogueEntries(kind: CatalogueKind, stamp = 0) {
  return useQuery({
    queryKey: ['substanceCatalogue', kind, stamp],
    queryFn: () => getCatalogueEntries(kind),
  });
}
