import { correctSeats } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { describe, expect, it } from 'vitest';
import { addDays, berlinInstant, berlinNow, germanDate } from './berlin-time.ts';
import { freeSeat, freeSeats, insideWindow, occupiedMinutes, onGrid, startsOf } from './slots.ts';

/** Decision 060: the arithmetic of a window's day and of Berlin time. */
const w = { fromMinute: 8 * 60, toMinute: 10 * 60, durationMinutes: 30, gridMinutes: 15, seats: 2 };

describe('slots', () => {
  it('starts on the grid while the appointment fits', () => {
    const starts = startsOf(w);
    expect(starts[0]).toBe(480);
    expect(starts.at(-1)).toBe(570); // 09:30–10:00
    expect(starts).toHaveLength(7);
    expect(onGrid(w, 495)).toBe(true);
    expect(onGrid(w, 490)).toBe(false);
    expect(insideWindow(w, 570)).toBe(true);
    expect(insideWindow(w, 585)).toBe(false);
  });

  it('adds the safety overhead, rounded up to whole minutes', () => {
    expect(occupiedMinutes(30, 0)).toBe(30);
    expect(occupiedMinutes(30, 10)).toBe(33);
    expect(occupiedMinutes(25, 10)).toBe(28); // 27.5 → 28
  });

  it('gives the lowest seat free for the whole period', () => {
    const live = [
      { id: 1, startMinute: 480, endMinute: 510, seat: 1 },
      { id: 2, startMinute: 495, endMinute: 525, seat: 2 },
    ];
    expect(freeSeat(live, 2, 480, 510)).toBeNull();
    expect(freeSeat(live, 2, 510, 540)).toBe(1);
    expect(freeSeats(live, 2, 510, 540)).toBe(1);
    expect(freeSeat(live, 3, 480, 510)).toBe(3);
    // Touching ends do not overlap.
    expect(freeSeat(live, 2, 525, 555)).toBe(1);
  });

  it('corrects typed seats to whole numbers from 1 to 500', () => {
    expect(correctSeats('2,6')).toBe(3);
    expect(correctSeats('0')).toBe(1);
    expect(correctSeats('-4')).toBe(1);
    expect(correctSeats('abc')).toBe(1);
    expect(correctSeats('9999')).toBe(500);
    expect(correctSeats(7)).toBe(7);
  });
});

describe('Berlin time', () => {
  it('reads the day and minute in Germany', () => {
    expect(berlinNow(new Date('2026-11-26T09:00:00Z'))).toEqual({ day: '2026-11-26', minute: 600 });
    expect(berlinNow(new Date('2026-06-30T22:30:00Z'))).toEqual({ day: '2026-07-01', minute: 30 });
  });

  it('turns a Berlin day and minute into the instant, in winter and summer and across the change', () => {
    expect(berlinInstant('2026-11-30', 480).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(berlinInstant('2026-07-01', 480).toISOString()).toBe('2026-07-01T06:00:00.000Z');
    // 29.03.2026: clocks go from 02:00 to 03:00; 08:00 is summer time already.
    expect(berlinInstant('2026-03-29', 480).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(berlinInstant('2026-10-25', 600).toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('adds days and formats dd.mm.yy', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(germanDate('2026-12-03')).toBe('03.12.26');
  });
});
