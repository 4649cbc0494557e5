import { describe, expect, it } from 'vitest';
import {
  daysInUnit,
  formatDays,
  formatInterval,
  intervalOptionLabel,
  unitToDays,
} from './interval-format.ts';

describe('formatInterval', () => {
  it('shows the spec options by name in auto and 0 as einmalig in every unit', () => {
    expect(formatInterval(365, 'auto')).toBe('jährlich');
    expect(formatInterval(90, 'auto')).toBe('vierteljährlich');
    expect(formatInterval(45, 'auto')).toBe('alle 45 Tage');
    expect(formatInterval(120, 'auto')).toBe('alle 4 Monate');
    expect(formatInterval(1, 'auto')).toBe('täglich');
    for (const unit of ['auto', 'days', 'months', 'years'] as const)
      expect(formatInterval(0, unit)).toBe('einmalig');
  });

  it('converts to days, months and years', () => {
    expect(formatInterval(365, 'days')).toBe('365 Tage');
    expect(formatInterval(365, 'months')).toBe('12 Monate');
    expect(formatInterval(730, 'months')).toBe('24 Monate');
    expect(formatInterval(30, 'months')).toBe('1 Monat');
    expect(formatInterval(45, 'months')).toBe('1,5 Monate');
    expect(formatInterval(365, 'years')).toBe('1 Jahr');
    expect(formatInterval(1825, 'years')).toBe('5 Jahre');
    expect(formatInterval(180, 'years')).toBe('0,5 Jahre');
    expect(formatInterval(1, 'days')).toBe('1 Tag');
  });

  it('formats durations in the natural unit and labels options with the unit', () => {
    expect(formatDays(365, 'auto')).toBe('1 Jahr');
    expect(formatDays(90, 'auto')).toBe('3 Monate');
    expect(formatDays(45, 'auto')).toBe('45 Tage');
    expect(intervalOptionLabel(365, 'months')).toBe('jährlich (12 Monate)');
    expect(intervalOptionLabel(365, 'auto')).toBe('jährlich');
  });

  it('converts a custom value in a unit to days and back', () => {
    expect(unitToDays(12, 'months')).toBe(365);
    expect(unitToDays(18, 'months')).toBe(540);
    expect(unitToDays(2, 'years')).toBe(730);
    expect(daysInUnit(365, 'months')).toBe(12);
    expect(daysInUnit(540, 'months')).toBe(18);
    expect(daysInUnit(45, 'months')).toBeNull();
    expect(daysInUnit(400, 'years')).toBeNull();
  });
});
