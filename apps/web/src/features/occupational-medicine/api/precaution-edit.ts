import type {
  Precaution,
  UpdatePrecaution,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { occupationalMedicineKeys } from './occupational-medicine-keys.ts';

/** One precaution as stored now (for „Neu laden“ after a conflict). */
export const fetchPrecaution = async (id: number) =>
  (await api.get<{ data: Precaution }>(`occupational-medicine/precautions/${id}`)).data;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: occupationalMedicineKeys.all });
}

/** Changes the named fields of a precaution (decision 024); a stale version answers 409. */
export function useUpdatePrecaution() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...patch }: UpdatePrecaution & { id: number }) =>
      (await api.patch<{ data: Precaution }>(`occupational-medicine/precautions/${id}`, patch)).data,
    onSuccess: refresh,
  });
}

export function useDeletePrecaution() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api.delete(`occupational-medicine/precautions/${id}`, { version }),
    onSuccess: refresh,
  });
}
