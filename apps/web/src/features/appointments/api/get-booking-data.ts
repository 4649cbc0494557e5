import type {
  BookableItem,
  Booking,
  Slot,
  Suggestion,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** The open appointment and check-up items of an employee (the caller's own without `employeeId`). */
export async function getBookable(employeeId?: number): Promise<BookableItem[]> {
  return (await api.get<{ data: BookableItem[] }>('appointments/bookable', { employeeId })).data;
}
export function useBookable(employeeId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...appointmentKeys.bookable(), employeeId ?? 0],
      queryFn: () => getBookable(employeeId),
    }),
  );
}

/** The caller's own bookings (or everyone's for readers of all appointments). */
export async function getMyBookings(employeeId: number): Promise<Booking[]> {
  return (await api.get<{ data: Booking[] }>(`appointments/bookings?employeeId=${employeeId}`)).data;
}
export function useMyBookings(employeeId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...appointmentKeys.bookings(), employeeId],
      queryFn: () => getMyBookings(employeeId),
    }),
  );
}

/** The free starts of a window's day. */
export async function getSlots(windowId: number, date: string): Promise<Slot[]> {
  return (await api.get<{ data: Slot[] }>(`appointments/windows/${windowId}/slots?date=${date}`)).data;
}
export function useSlots(windowId: number | null, date: string) {
  return useQuery(
    queryOptions({
      queryKey: appointmentKeys.slots(windowId ?? 0, date),
      queryFn: () => getSlots(windowId!, date),
      enabled: windowId !== null && date !== '',
    }),
  );
}

/** The multi-appointment suggestion for an employee's open items (the caller's own without `employeeId`). */
export async function getSuggestions(employeeId?: number): Promise<Suggestion> {
  return (await api.get<{ data: Suggestion }>('appointments/suggestions', { employeeId })).data;
}
export function useSuggestions(employeeId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...appointmentKeys.suggestions(), employeeId ?? 0],
      queryFn: () => getSuggestions(employeeId),
    }),
  );
}
