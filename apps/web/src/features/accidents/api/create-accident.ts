import type { Accident, CreateAccident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

export async function createAccident(input: CreateAccident): Promise<Accident> {
  return (await api.post<{ data: Accident }>('accidents', input)).data;
}

export function useCreateAccident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccident,
    onSuccess: (a) => queryClient.setQueryData(accidentKeys.detail(a.id), a),
  });
}
