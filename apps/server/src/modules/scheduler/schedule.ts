import type { Schedule } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { Cron } from 'croner';
import { AppError } from '#platform/errors.ts';

/** Cron expressions are read in the company's time zone (summer and winter time included). */
export const SCHEDULE_TIME_ZONE = 'Europe/Berlin';

const FIELDS = [
  { label: 'Minute', allowed: '0–59' },
  { label: 'Stunde', allowed: '0–23' },
  { label: 'Tag', allowed: '1–31' },
  { label: 'Monat', allowed: '1–12 oder JAN–DEC' },
  { label: 'Wochentag', allowed: '0–7 (0 und 7 = Sonntag) oder SUN–SAT' },
] as const;

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
      return `„${text}“ ist keine bekannte Abkürzung. Erlaubt sind @hourly, @daily, @weekly, @monthly und @yearly.`;
    }
  } else {
    const parts = text.split(/\s+/);
    if (parts.length !== 5) {
      return `Ein Cron-Ausdruck hat fünf durch Leerzeichen getrennte Felder: Minute, Stunde, Tag, Monat und Wochentag (z. B. „*/5 * * * *“). Angegeben ${parts.length === 1 ? 'wurde 1 Feld' : `wurden ${parts.length} Felder`}.`;
    }
    for (const [index, field] of FIELDS.entries()) {
      const probe = parts.map((part, i) => (i === index ? part : '*')).join(' ');
      try {
        cron(probe);
      } catch {
        return `Das Feld „${field.label}“ („${parts[index]}“) ist ungültig. Erlaubt sind ${field.allowed}, Listen (1,15), Bereiche (1-5) und Schritte (*/5).`;
      }
    }
    try {
      cron(text);
    } catch {
      return 'Der Cron-Ausdruck ist ungültig. Bitte prüfen Sie die Kombination der Felder.';
    }
  }
  if (!cron(text).nextRun(new Date())) {
    return 'Der Cron-Ausdruck löst nie aus (z. B. 30. Februar). Bitte prüfen Sie Tag und Monat.';
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
