import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

/** The active checklists step 6 may choose (decision 056). */
export function useChecklistChoice() {
  return useQuery({
    queryKey: accidentKeys.checklistChoice(),
    queryFn: async () =>
      (await api.get<{ data: { id: number; label: string }[] }>('accidents/checklists')).data,
  });
}
