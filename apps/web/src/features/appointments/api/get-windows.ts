import type { AppointmentWindow } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** The portal's time windows with their days (inactive ones included). */
export async function getWindows(): Promise<AppointmentWindow[]> {
  return (await api.get<{ data: AppointmentWindow[] }>('appointments/windows?includeInactive=true')).data;
}

export const windowsQueryOptions = () =>
  queryOptions({ queryKey: appointmentKeys.windows(), queryFn: getWindows });

export function useWindows() {
  return useQuery(windowsQueryOptions());
}
