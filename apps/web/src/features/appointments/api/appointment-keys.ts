/** Query keys of the appointments (decision 060). */
export const appointmentKeys = {
  all: ['appointments'] as const,
  windows: () => [...appointmentKeys.all, 'windows'] as const,
  slots: (windowId: number, date: string) => [...appointmentKeys.all, 'slots', windowId, date] as const,
  bookable: () => [...appointmentKeys.all, 'bookable'] as const,
  bookings: () => [...appointmentKeys.all, 'bookings'] as const,
  suggestions: () => [...appointmentKeys.all, 'suggestions'] as const,
  calendar: (from: string, to: string) => [...appointmentKeys.all, 'calendar', from, to] as const,
};
