import type {
  AppointmentWindow,
  DayChangeResult,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

export async function addWindowDay(id: number, date: string): Promise<AppointmentWindow> {
  return (await api.post<{ data: AppointmentWindow }>(`appointments/windows/${id}/days`, { date })).data;
}
/** Locks (cancelling the day's bookings) or unlocks a day. */
export async function lockWindowDay(id: number, date: string, locked: boolean): Promise<DayChangeResult> {
  return (await api.post<{ data: DayChangeResult }>(`appointments/windows/${id}/days/lock`, { date, locked }))
    .data;
}
/** Removes a day (cancelling its bookings). */
export async function removeWindowDay(id: number, date: string): Promise<DayChangeResult> {
  return (await api.delete<{ data: DayChangeResult }>(`appointments/windows/${id}/days/${date}`)).data;
}

type DayChange =
  | { kind: 'add'; id: number; date: string }
  | { kind: 'lock'; id: number; date: string; locked: boolean }
  | { kind: 'remove'; id: number; date: string };

/** Adds, locks, unlocks or removes a day; answers how many bookings were cancelled. */
export function useChangeWindowDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: DayChange): Promise<number> => {
      if (change.kind === 'add') {
        await addWindowDay(change.id, change.date);
        return 0;
      }
      const result =
        change.kind === 'lock'
          ? await lockWindowDay(change.id, change.date, change.locked)
          : await removeWindowDay(change.id, change.date);
      return result.cancelledBookings;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
