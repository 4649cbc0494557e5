import type { CalendarEntry } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** The windows' days with their bookings from `from` to `to`. */
export async function getCalendar(from: string, to: string): Promise<CalendarEntry[]> {
  return (await api.get<{ data: CalendarEntry[] }>(`appointments/calendar?from=${from}&to=${to}`)).data;
}
export function useCalendar(from: string, to: string) {
  return useQuery(
    queryOptions({
      queryKey: appointmentKeys.calendar(from, to),
      queryFn: () => getCalendar(from, to),
      placeholderData: keepPreviousData,
    }),
  );
}
