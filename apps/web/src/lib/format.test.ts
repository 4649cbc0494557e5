import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime, toDate } from './format.ts';

describe('format', () => {
  it('formats dates as dd.mm.yy in Europe/Berlin', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23.11.26');
    expect(formatDate('2026-07-01T21:59:00Z')).toBe('01.07.26');
  });

  it('keeps a plain calendar date on its day', () => {
    expect(formatDate('2026-03-29')).toBe('29.03.26');
  });

  it('reads PostgreSQL text timestamps', () => {
    expect(formatDateTime('2026-11-22 02:30:31.542+00')).toBe('22.11.26 03:30');
  });

  it('formats times as HH:mm across daylight saving time', () => {
    expect(formatTime('2026-01-15T07:05:00Z')).toBe('08:05');
    expect(formatTime('2026-07-15T07:05:00Z')).toBe('09:05');
    expect(formatTime('2026-07-15T22:00:00Z')).toBe('00:00');
  });

  it('answers empty text for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDate(undefined)).toBeNull();
  });

  it('formats numbers the German way', () => {
    expect(formatNumber(10000)).toBe('10.000');
    expect(formatNumber(3.5)).toBe('3,5');
  });
});
