import { describe, expect, it } from 'vitest';
import { AppError } from '#platform/errors.ts';
import { assertValidSchedule, cronProblem, nextFireTime } from './schedule.ts';

const at = (iso: string) => new Date(iso);

describe('nextFireTime', () => {
  it('adds a fixed interval to the given time', () => {
    expect(nextFireTime({ kind: 'interval', seconds: 300 }, at('2026-11-23T10:00:07Z'))?.toISOString()).toBe(
      '2026-11-23T10:05:07.000Z',
    );
  });

  it('finds the next matching minute of a cron expression, strictly after the given time', () => {
    const every5 = { kind: 'cron', cron: '*/5 * * * *' } as const;
    expect(nextFireTime(every5, at('2026-11-23T10:02:30Z'))?.toISOString()).toBe('2026-11-23T10:05:00.000Z');
    expect(nextFireTime(every5, at('2026-11-23T10:05:00Z'))?.toISOString()).toBe('2026-11-23T10:10:00.000Z');
  });

  it('reads cron expressions in Europe/Berlin (winter UTC+1, summer UTC+2)', () => {
    const daily3 = { kind: 'cron', cron: '0 3 * * *' } as const;
    expect(nextFireTime(daily3, at('2026-11-23T12:00:00Z'))?.toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(nextFireTime(daily3, at('2026-07-01T12:00:00Z'))?.toISOString()).toBe('2026-07-02T01:00:00.000Z');
  });

  it('runs a daily job once on the day summer time starts, even if its hour does not exist', () => {
    // 29 March 2026: clocks jump from 02:00 to 03:00 in Berlin; 02:30 does not exist that day.
    const daily230 = { kind: 'cron', cron: '30 2 * * *' } as const;
    const next = nextFireTime(daily230, at('2026-03-28T12:00:00Z'));
    expect(next?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('runs a fixed-time job once when winter time repeats its hour', () => {
    // 25 October 2026: 02:00–03:00 occurs twice in Berlin.
    const daily230 = { kind: 'cron', cron: '30 2 * * *' } as const;
    const first = nextFireTime(daily230, at('2026-10-24T12:00:00Z'));
    expect(first?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const second = nextFireTime(daily230, first!);
    expect(second?.toISOString()).toBe('2026-10-26T01:30:00.000Z');
  });

  it('knows the weekday and month fields and the @ abbreviations', () => {
    // 23 November 2026 is a Monday.
    expect(
      nextFireTime({ kind: 'cron', cron: '0 7 * * 1-5' }, at('2026-11-27T08:00:00Z'))?.toISOString(),
    ).toBe('2026-11-30T06:00:00.000Z');
    expect(nextFireTime({ kind: 'cron', cron: '@daily' }, at('2026-11-23T12:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T23:00:00.000Z',
    );
  });

  it('answers null for a cron expression that never fires', () => {
    expect(nextFireTime({ kind: 'cron', cron: '0 0 30 2 *' }, at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('cronProblem', () => {
  it('accepts valid expressions', () => {
    for (const text of [
      '* * * * *',
      '*/5 * * * *',
      '0 3 * * *',
      '0 8-18/2 * * MON-FRI',
      '5,35 * 1 JAN *',
      '@hourly',
    ])
      expect(cronProblem(text), text).toBeNull();
  });

  it('names the number of fields when it is not five', () => {
    expect(cronProblem('x')).toContain('fünf durch Leerzeichen getrennte Felder');
    expect(cronProblem('x')).toContain('Angegeben wurde 1 Feld.');
    expect(cronProblem('0 0 * * * *')).toContain('Angegeben wurden 6 Felder.');
  });

  it('names the bad field and its allowed values', () => {
    expect(cronProblem('61 * * * *')).toBe(
      'Das Feld „Minute“ („61“) ist ungültig. Erlaubt sind 0–59, Listen (1,15), Bereiche (1-5) und Schritte (*/5).',
    );
    expect(cronProblem('0 24 * * *')).toContain('„Stunde“ („24“)');
    expect(cronProblem('0 0 0 * *')).toContain('„Tag“ („0“)');
    expect(cronProblem('0 0 * 13 *')).toContain('„Monat“ („13“)');
    expect(cronProblem('0 0 * * xyz')).toContain('„Wochentag“ („xyz“)');
  });

  it('refuses unknown abbreviations and expressions that never fire', () => {
    expect(cronProblem('@sometimes')).toContain('keine bekannte Abkürzung');
    expect(cronProblem('0 0 30 2 *')).toContain('löst nie aus');
  });

  it('assertValidSchedule throws SCHEDULER_INVALID_CRON with the field path', () => {
    expect(() => assertValidSchedule({ kind: 'interval', seconds: 60 })).not.toThrow();
    try {
      assertValidSchedule({ kind: 'cron', cron: '61 * * * *' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('SCHEDULER_INVALID_CRON');
      expect((error as AppError).details).toEqual([
        { path: ['body', 'schedule', 'cron'], message: expect.stringContaining('„Minute“') },
      ]);
    }
  });
});
