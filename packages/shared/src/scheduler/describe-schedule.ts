import type { Schedule } from './scheduler.schema.ts';

/**
 * A schedule in German words ('alle 5 Minuten', 'täglich um 03:00') where that is easy; null for cron
 * expressions that do not fit one of the common shapes (the page then shows the cron text alone).
 */
export function describeSchedule(schedule: Schedule): string | null {
  return schedule.kind === 'interval' ? describeInterval(schedule.seconds) : describeCron(schedule.cron);
}

const UNITS = [
  { seconds: 86_400, one: 'täglich', many: 'Tage' },
  { seconds: 3600, one: 'stündlich', many: 'Stunden' },
  { seconds: 60, one: 'jede Minute', many: 'Minuten' },
  { seconds: 1, one: 'jede Sekunde', many: 'Sekunden' },
] as const;

export function describeInterval(seconds: number): string {
  for (const unit of UNITS) {
    if (seconds % unit.seconds === 0) {
      const count = seconds / unit.seconds;
      return count === 1 ? unit.one : `alle ${count} ${unit.many}`;
    }
  }
  return `alle ${seconds} Sekunden`;
}

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const num = (part: string) => (/^\d{1,2}$/.test(part) ? Number(part) : null);
const step = (part: string) => {
  const match = /^\*\/(\d{1,2})$/.exec(part);
  return match ? Number(match[1]) : null;
};
const pad = (n: number) => String(n).padStart(2, '0');

export function describeCron(expression: string): string | null {
  const text = expression.trim().toLowerCase();
  const parts = (NICKNAMES[text] ?? text).split(/\s+/);
  if (parts.length !== 5) return null;
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  const everyDay = day === '*' && month === '*';
  const m = num(minute);
  const h = num(hour);

  if (everyDay && weekday === '*' && hour === '*') {
    if (minute === '*') return 'jede Minute';
    const s = step(minute);
    if (s !== null) return s === 1 ? 'jede Minute' : `alle ${s} Minuten`;
    if (m !== null) return m === 0 ? 'stündlich' : `stündlich zur Minute ${m}`;
  }
  if (everyDay && weekday === '*' && m !== null) {
    const s = step(hour);
    if (s !== null) return s === 1 ? 'stündlich' : `alle ${s} Stunden`;
  }
  if (m === null || h === null || m > 59 || h > 23) return null;
  const at = `um ${pad(h)}:${pad(m)} Uhr`;
  if (everyDay) {
    if (weekday === '*') return `täglich ${at}`;
    if (weekday === '1-5') return `werktags (Montag bis Freitag) ${at}`;
    const w = num(weekday);
    if (w !== null && w <= 7) return `jeden ${WEEKDAYS[w]} ${at}`;
    return null;
  }
  const d = num(day);
  if (d !== null && d >= 1 && d <= 31 && month === '*' && weekday === '*') return `monatlich am ${d}. ${at}`;
  return null;
}
