import type { CreateFirstAidEntry, FirstAidEntry } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** A new entry in the first-aid book. */
export async function createFirstAidEntry(input: CreateFirstAidEntry): Promise<FirstAidEntry> {
  return (await api.post<{ data: FirstAidEntry }>('firstaid', input)).data;
}

export function useCreateFirstAidEntry() {
  return useMutation({ mutationFn: createFirstAidEntry });
}
