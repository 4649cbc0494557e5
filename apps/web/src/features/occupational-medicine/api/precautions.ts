import type {
  CreatePrecaution,
  Precaution,
  RecordCheckup,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { occupationalMedicineKeys } from './occupational-medicine-keys.ts';

/** The precautions of the portal, or only those due within the lead time of the settings. */
export function usePrecautions(filter: { dueOnly: boolean }) {
  return useQuery({
    queryKey: occupationalMedicineKeys.precautionList(filter),
    queryFn: async () =>
      (
        await api.get<{ data: Precaution[] }>('occupational-medicine/precautions', {
          dueOnly: filter.dueOnly ? 'true' : 'false',
        })
      ).data,
  });
}

/** The activities of an employee: the choices of the trigger activity. */
export function useEmployeeActivities(employeeId: number | null) {
  return useQuery({
    queryKey: occupationalMedicineKeys.employeeActivities(employeeId ?? 0),
    queryFn: async () =>
      (
        await api.get<{ data: { id: number; name: string }[] }>(
          `occupational-medicine/employee-activities/${employeeId}`,
        )
      ).data,
    enabled: employeeId !== null,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: occupationalMedicineKeys.precautions() });
}

export function useCreatePrecaution() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: CreatePrecaution) =>
      (await api.post<{ data: Precaution }>('occupational-medicine/precautions', input)).data,
    onSuccess: refresh,
  });
}

export function useRecordCheckup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...input }: RecordCheckup & { id: number }) =>
      (await api.post<{ data: Precaution }>(`occupational-medicine/precautions/${id}/checkups`, input)).data,
    onSuccess: refresh,
  });
}
