import type {
  IngredientTemplate,
  Manufacturer,
  MasterDataKind,
} from '@schutzwerk/shared/substances/master-data.schema.ts';
import type { SubstanceVersionData } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';
import { MASTER_DATA_SOURCES } from './substance-sources.ts';

export type MasterDataRow<K extends MasterDataKind> = K extends 'manufacturer'
  ? Manufacturer
  : IngredientTemplate;

/** A page of a managed list (list protocol), searched by name (templates also by CAS/EC number). */
export function useMasterDataList<K extends MasterDataKind>(kind: K, search: string, stamp: number) {
  return useQuery({
    queryKey: ['substanceMasterData', kind, search, stamp],
    queryFn: async () =>
      (
        await api.get<{ data: { rows: MasterDataRow<K>[]; filteredCount: number } }>(
          MASTER_DATA_SOURCES[kind],
          {
            limit: 100,
            ...(search ? { search } : {}),
          },
        )
      ).data,
  });
}

/** Creates an entry (no id) or saves it whole (id with the version read). */
export function useSaveMasterData(kind: MasterDataKind) {
  return useMutation({
    mutationFn: async (entry: { body: Record<string, string>; id?: number; version?: number }) => {
      const { id, version } = entry;
      const body = version === undefined ? entry.body : { ...entry.body, version };
      const path = MASTER_DATA_SOURCES[kind];
      if (id === undefined) return (await api.post<{ data: unknown }>(path, body)).data;
      return (await api.put<{ data: unknown }>(`${path}/${id}`, body)).data;
    },
  });
}

/** Refused while a substance version names the manufacturer. */
export function useDeleteMasterData(kind: MasterDataKind) {
  return useMutation({
    mutationFn: (entry: { id: number; version: number }) =>
      api.delete(`${MASTER_DATA_SOURCES[kind]}/${entry.id}`, { version: entry.version }),
  });
}

/** One older version's data (the version comparison). */
export function useSubstanceVersionData(id: number, versionId: number | null) {
  return useQuery({
    queryKey: [...substanceKeys.versions(id), 'data', versionId],
    enabled: versionId !== null,
    queryFn: async () =>
      (await api.get<{ data: SubstanceVersionData }>(`substances/${id}/versions/${versionId}`)).data,
  });
}
