import { schedulerMessages } from '@schutzwerk/shared/errors.ts';
import type { Schedule } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { Cron } from 'croner';
import { AppError } from '#platform/errors.ts';

/** Cron expressions are read in the company's time zone (summer and winter time included). */
export const SCHEDULE_TIME_ZONE = 'Europe/Berlin';

const FIELDS = schedulerMessages.cronFields;

function cron(expression: string): Cron {
  // Five fields only (minute precision), classic OR of day-of-month and day-of-week.
  return new Cron(expression, { timezone: SCHEDULE_TIME_ZONE, mode: '5-part', paused: true });
}

/**
 * Checks a cron expression; answers a German message naming the bad field, or null if it is valid and
 * fires at least once.
 */
export function cronProblem(expression: string): string | null {
  const text = expression.trim();
  if (text.startsWith('@')) {
    try {
      cron(text);
    } catch {
      return schedulerMessages.cronUnknownShortcut(text);
    }
  } else {
    const parts = text.split(/\s+/);
    if (parts.length !== 5) {
      return schedulerMessages.cronFieldCount(parts.length);
    }
    for (const [index, field] of FIELDS.entries()) {
      const probe = parts.map((part, i) => (i === index ? part : '*')).join(' ');
      try {
        cron(probe);
      } catch {
        return schedulerMessages.cronFieldInvalid(field, parts[index]!);
      }
    }
    try {
      cron(text);
    } catch {
      return schedulerMessages.cronInvalid;
    }
  }
  if (!cron(text).nextRun(new Date())) {
    return schedulerMessages.cronNeverFires;
  }
  return null;
}

/** Throws 400 SCHEDULER_INVALID_CRON with the German reason (also as a field detail) for a bad cron. */
export function assertValidSchedule(schedule: Schedule): void {
  if (schedule.kind !== 'cron') return;
  const problem = cronProblem(schedule.cron);
  if (problem) {
    throw new AppError('SCHEDULER_INVALID_CRON', {
      message: problem,
      details: [{ path: ['body', 'schedule', 'cron'], message: problem }],
    });
  }
}

/**
 * The next fire time strictly after `from`: for a cron expression the next matching minute in
 * Europe/Berlin; for a fixed interval `from` plus the interval (the interval counts from the end of the
 * previous run, so a long run never overlaps itself). Null if a cron expression never fires again.
 */
export function nextFireTime(schedule: Schedule, from: Date): Date | null {
  if (schedule.kind === 'interval') return new Date(from.getTime() + schedule.seconds * 1000);
  try {
    return cron(schedule.cron).nextRun(from);
  } catch {
    return null;
  }
}
