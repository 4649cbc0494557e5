import type {
  AppointmentWindow,
  CreateAppointmentWindow,
  UpdateAppointmentWindow,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

export async function createWindow(input: CreateAppointmentWindow): Promise<AppointmentWindow> {
  return (await api.post<{ data: AppointmentWindow }>('appointments/windows', input)).data;
}

/** PATCH with the fields that changed and the version read (a stale one answers 409). */
export async function updateWindow(id: number, patch: UpdateAppointmentWindow): Promise<AppointmentWindow> {
  return (await api.patch<{ data: AppointmentWindow }>(`appointments/windows/${id}`, patch)).data;
}

export function useSaveWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: number; patch: UpdateAppointmentWindow } | { create: CreateAppointmentWindow },
    ) => ('create' in input ? createWindow(input.create) : updateWindow(input.id, input.patch)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
