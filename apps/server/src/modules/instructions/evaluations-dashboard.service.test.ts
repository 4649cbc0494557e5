import { describe, expect, it } from 'vitest';
import { bucketStarts, dashboardRange } from './evaluations-dashboard.service.ts';

/** Decision 077: the dashboard's ranges end today; weeks up to a quarter, months above. */
describe('dashboard ranges', () => {
  it('starts the day after the same day months back, 364 days back, or on 1 January', () => {
    const today = '2030-06-15';
    expect(dashboardRange('month', today)).toEqual({ first: '2030-05-16', last: today, unit: 'week' });
    expect(dashboardRange('twoMonths', today)).toEqual({ first: '2030-04-16', last: today, unit: 'week' });
    expect(dashboardRange('quarter', today)).toEqual({ first: '2030-03-16', last: today, unit: 'week' });
    expect(dashboardRange('halfYear', today)).toEqual({ first: '2029-12-16', last: today, unit: 'month' });
    expect(dashboardRange('year365', today)).toEqual({ first: '2029-06-16', last: today, unit: 'month' });
    expect(dashboardRange('calendarYear', today)).toEqual({
      first: '2030-01-01',
      last: today,
      unit: 'month',
    });
  });

  it('clamps to the shorter month and crosses leap days', () => {
    // 31 March − 1 month = 28 February (2030), so the month starts on 1 March.
    expect(dashboardRange('month', '2030-03-31').first).toBe('2030-03-01');
    // 365 days ending 28 February 2029 start on 1 March 2028 (29 February 2028 lies before them).
    expect(dashboardRange('year365', '2029-02-28').first).toBe('2028-03-01');
    expect(dashboardRange('calendarYear', '2030-01-01')).toEqual({
      first: '2030-01-01',
      last: '2030-01-01',
      unit: 'month',
    });
  });

  it('buckets by Monday or by month, the first one clipped to the range', () => {
    expect(bucketStarts('2030-05-16', '2030-06-15', 'week')).toEqual([
      '2030-05-16',
      '2030-05-20',
      '2030-05-27',
      '2030-06-03',
      '2030-06-10',
    ]);
    // A range starting on a Monday has no clipped bucket.
    expect(bucketStarts('2030-05-20', '2030-05-27', 'week')).toEqual(['2030-05-20', '2030-05-27']);
    expect(bucketStarts('2029-12-16', '2030-02-03', 'month')).toEqual([
      '2029-12-16',
      '2030-01-01',
      '2030-02-01',
    ]);
  });
});
