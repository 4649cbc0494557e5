import type { LiveBooking } from './appointments.repository.ts';

/**
 * The pure arithmetic of a window's day (decision 060): starts on the grid, the minutes an appointment occupies
 * its seat (duration plus the safety overhead), and the lowest free seat at a start.
 */

export type WindowShape = {
  fromMinute: number;
  toMinute: number;
  durationMinutes: number;
  gridMinutes: number;
  seats: number;
};

/** Minutes an appointment occupies its seat: the duration plus `overheadPercent` %, rounded up. */
export function occupiedMinutes(durationMinutes: number, overheadPercent: number): number {
  return Math.ceil((durationMinutes * (100 + overheadPercent)) / 100);
}

/** Every start of the window: from its beginning in grid steps, as long as the appointment ends by its end. */
export function startsOf(w: WindowShape): number[] {
  const starts: number[] = [];
  for (let s = w.fromMinute; s + w.durationMinutes <= w.toMinute; s += w.gridMinutes) starts.push(s);
  return starts;
}

export function onGrid(w: WindowShape, start: number): boolean {
  return start >= w.fromMinute && (start - w.fromMinute) % w.gridMinutes === 0;
}

export function insideWindow(w: WindowShape, start: number): boolean {
  return start >= w.fromMinute && start + w.durationMinutes <= w.toMinute;
}

/** The lowest seat with no live booking overlapping [start, end); null when every seat is taken. */
export function freeSeat(
  live: readonly LiveBooking[],
  seats: number,
  start: number,
  end: number,
): number | null {
  const taken = new Set<number>();
  for (const b of live) if (b.startMinute < end && b.endMinute > start) taken.add(b.seat);
  for (let seat = 1; seat <= seats; seat += 1) if (!taken.has(seat)) return seat;
  return null;
}

/** How many seats are free for [start, end). */
export function freeSeats(live: readonly LiveBooking[], seats: number, start: number, end: number): number {
  const taken = new Set<number>();
  for (const b of live) if (b.startMinute < end && b.endMinute > start) taken.add(b.seat);
  return Math.max(0, seats - taken.size);
}
