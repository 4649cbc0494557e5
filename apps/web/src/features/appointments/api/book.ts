import type {
  Booking,
  BookingResult,
  CreateBooking,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { appointmentKeys } from './appointment-keys.ts';

/** Books; a refusal is an ApiError with code BOOKING_* and its German message. */
export async function book(input: CreateBooking): Promise<BookingResult> {
  return (await api.post<{ data: BookingResult }>('appointments/bookings', input)).data;
}
export function useBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: book,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** Cancels a booking: its items go back to open, the employee gets the cancelling calendar file. */
export async function cancelBooking(id: number): Promise<Booking> {
  return (await api.post<{ data: Booking }>(`appointments/bookings/${id}/cancel`)).data;
}
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** Marks a booked appointment done: its items become done (E) with their validity. */
export async function completeBooking(id: number): Promise<Booking> {
  return (await api.post<{ data: Booking }>(`appointments/bookings/${id}/done`)).data;
}
export function useCompleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
