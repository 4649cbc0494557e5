import { describe, expect, it } from 'vitest';
import { describeCron, describeInterval, describeSchedule } from './describe-schedule.ts';

describe('describeSchedule', () => {
  it('describes fixed intervals in the largest whole unit', () => {
    expect(describeInterval(30)).toBe('alle 30 Sekunden');
    expect(describeInterval(60)).toBe('jede Minute');
    expect(describeInterval(300)).toBe('alle 5 Minuten');
    expect(describeInterval(90)).toBe('alle 90 Sekunden');
    expect(describeInterval(3600)).toBe('stündlich');
    expect(describeInterval(7200)).toBe('alle 2 Stunden');
    expect(describeInterval(86_400)).toBe('täglich');
    expect(describeInterval(2 * 86_400)).toBe('alle 2 Tage');
    expect(describeSchedule({ kind: 'interval', seconds: 900 })).toBe('alle 15 Minuten');
  });

  it('describes the common cron shapes', () => {
    expect(describeCron('* * * * *')).toBe('jede Minute');
    expect(describeCron('*/5 * * * *')).toBe('alle 5 Minuten');
    expect(describeCron('0 * * * *')).toBe('stündlich');
    expect(describeCron('15 * * * *')).toBe('stündlich zur Minute 15');
    expect(describeCron('0 */2 * * *')).toBe('alle 2 Stunden');
    expect(describeCron('30 3 * * *')).toBe('täglich um 03:30 Uhr');
    expect(describeCron('@daily')).toBe('täglich um 00:00 Uhr');
    expect(describeCron('0 7 * * 1-5')).toBe('werktags (Montag bis Freitag) um 07:00 Uhr');
    expect(describeCron('0 6 * * 1')).toBe('jeden Montag um 06:00 Uhr');
    expect(describeCron('0 6 * * 0')).toBe('jeden Sonntag um 06:00 Uhr');
    expect(describeCron('0 2 1 * *')).toBe('monatlich am 1. um 02:00 Uhr');
    expect(describeSchedule({ kind: 'cron', cron: '  */10  * * * * ' })).toBe('alle 10 Minuten');
  });

  it('gives up on everything else (the cron text is shown alone)', () => {
    expect(describeCron('0 8-18 * * 1-5')).toBeNull();
    expect(describeCron('0 0 1 1 *')).toBeNull();
    expect(describeCron('5,35 * * * *')).toBeNull();
    expect(describeCron('not a cron')).toBeNull();
    expect(describeCron('99 99 * * *')).toBeNull();
  });
});
