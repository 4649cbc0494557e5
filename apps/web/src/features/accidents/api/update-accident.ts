import type { Accident, UpdateAccident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

/** Saves the named fields of a report at the given version (409 when stale). */
export async function updateAccident(id: number, input: UpdateAccident): Promise<Accident> {
  return (await api.patch<{ data: Accident }>(`accidents/${id}`, input)).data;
}

export function useUpdateAccident(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccident) => updateAccident(id, input),
    onSuccess: (a) => queryClient.setQueryData(accidentKeys.detail(id), a),
  });
}
