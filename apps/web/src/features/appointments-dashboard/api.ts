import type { Booking } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import type { PrecautionDashboard } from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

const keys = {
  all: ['appointmentsDashboard'] as const,
  bookings: (employeeId: number, from: string) => [...keys.all, 'bookings', employeeId, from] as const,
  precautions: () => [...keys.all, 'precautions'] as const,
};

/** The caller's booked appointments from today on (appointments API, decision 060). */
export function useNextAppointments(employeeId: number, from: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.bookings(employeeId, from),
    queryFn: async () =>
      (await api.get<{ data: Booking[] }>('appointments/bookings', { employeeId, from })).data
        .filter((b) => b.state === 'booked')
        .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`)),
    enabled,
  });
}

/** The caller's due precautions and, for coordinators, the overdue ones (decision 064). */
export function usePrecautionDashboard() {
  return useQuery({
    queryKey: keys.precautions(),
    queryFn: async () =>
      (await api.get<{ data: PrecautionDashboard }>('occupational-medicine/dashboard')).data,
  });
}
