import type { Accident, AccidentStatusChange } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

/** Sets the status at the given version (60 appends the marker to the comment). */
export async function setAccidentStatus(id: number, change: AccidentStatusChange): Promise<Accident> {
  return (await api.post<{ data: Accident }>(`accidents/${id}/status`, change)).data;
}

export function useSetAccidentStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccidentStatusChange) => setAccidentStatus(id, change),
    onSuccess: (a) => queryClient.setQueryData(accidentKeys.detail(id), a),
  });
}
