import type { SubstanceVersionSummary } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { substanceKeys } from './substance-keys.ts';

export async function getSubstanceVersions(id: number): Promise<SubstanceVersionSummary[]> {
  return (await api.get<{ data: SubstanceVersionSummary[] }>(`substances/${id}/versions`)).data;
}

/** The versions of a substance; `stamp` (the record's version) refetches after every save. */
export function useSubstanceVersions(id: number, stamp: number) {
  return useQuery({
    queryKey: [...substanceKeys.versions(id), stamp],
    queryFn: () => getSubstanceVersions(id),
  });
}
