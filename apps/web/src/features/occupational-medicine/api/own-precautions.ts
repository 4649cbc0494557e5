import type { Precaution } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { occupationalMedicineKeys } from './occupational-medicine-keys.ts';

/** The signed-in employee's own precautions. */
export function useOwnPrecautions() {
  return useQuery({
    queryKey: occupationalMedicineKeys.own(),
    queryFn: async () => (await api.get<{ data: Precaution[] }>('occupational-medicine/own')).data,
  });
}

/** Preparedness approval: confirms an offered examination with the employee's password. */
export function useApprovePrecaution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      (await api.post<{ data: Precaution }>(`occupational-medicine/own/${id}/approve`, { password })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: occupationalMedicineKeys.own() }),
  });
}
