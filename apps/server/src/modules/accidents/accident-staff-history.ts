import type { Executor } from '#db/client.ts';
import type { JobDefinition } from '#modules/scheduler/index.ts';
import { berlinDay } from './accident-dates.ts';
import { type StaffLine, staffRepository } from './accident-staff.repository.ts';

/**
 * The staff history of the 1000-man quota (decision 062). Once a month per portal: the active employees and their
 * monthly hours (the department's, else the nearest container's above) per location × department. A year's
 * statistics divide by the average of that year's snapshots; a year without one uses today's figures and says so.
 */

/** The first day (yyyy-mm-01) of the Berlin month of a time. */
export const monthOf = (now: Date) => `${berlinDay(now).slice(0, 7)}-01`;

/**
 * Records the portal's snapshot of a month unless one exists (the first run of the month wins; later runs keep
 * it). Answers the totals, or null when the month was already recorded.
 */
export async function takeStaffSnapshot(
  ex: Executor,
  portalId: number,
  month: string,
): Promise<{ employees: number; monthlyHours: number } | null> {
  const lines = await staffRepository.currentLines(ex, portalId);
  const employees = lines.reduce((sum, l) => sum + Number(l.employees), 0);
  const monthlyHours = lines.reduce((sum, l) => sum + Number(l.hours), 0);
  const id = await staffRepository.insertHead(ex, portalId, month, employees, monthlyHours);
  if (id === undefined) return null;
  await staffRepository.insertLines(ex, id, lines);
  return { employees, monthlyHours };
}

export type YearStaff = {
  /** 'history': the average of the year's monthly snapshots; 'current': today's figures (no snapshot). */
  source: 'history' | 'current';
  /** Snapshots the average is taken over (0 for 'current'). */
  months: number;
  /** Average active employees (one decimal). */
  employees: number;
  /** Hours worked in the year: average monthly hours × 12. */
  hoursWorked: number;
  /**
   * Average employees per location and per department (decision 071), keyed by the id as text ('' = none), from
   * the same source: the year's snapshot lines over its months, else today's employees.
   */
  byLocation: Map<string, number>;
  byDepartment: Map<string, number>;
};

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Sums the lines' employees per key and divides by the number of months (one decimal). */
function perKey(lines: StaffLine[], months: number, keyOf: (l: StaffLine) => number | null) {
  const sums = new Map<string, number>();
  for (const l of lines) {
    const key = String(keyOf(l) ?? '');
    sums.set(key, (sums.get(key) ?? 0) + Number(l.employees));
  }
  return new Map([...sums].map(([key, sum]) => [key, oneDecimal(sum / months)]));
}

/** The quota's divisors of a year: that year's snapshots, else today's figures. */
export async function staffOfYear(ex: Executor, portalId: number, year: number): Promise<YearStaff> {
  const avg = await staffRepository.yearAverage(ex, portalId, year);
  if (avg.months > 0) {
    const lines = await staffRepository.yearLines(ex, portalId, year);
    return {
      source: 'history',
      months: avg.months,
      employees: oneDecimal(avg.employees),
      hoursWorked: oneDecimal(avg.hours * 12),
      byLocation: perKey(lines, avg.months, (l) => l.location_id),
      byDepartment: perKey(lines, avg.months, (l) => l.department_id),
    };
  }
  const lines = await staffRepository.currentLines(ex, portalId);
  return {
    source: 'current',
    months: 0,
    employees: lines.reduce((sum, l) => sum + Number(l.employees), 0),
    hoursWorked: oneDecimal(lines.reduce((sum, l) => sum + Number(l.hours), 0) * 12),
    byLocation: perKey(lines, 1, (l) => l.location_id),
    byDepartment: perKey(lines, 1, (l) => l.department_id),
  };
}

const hoursFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Scheduler job: the month's snapshot of every portal (daily, so a missed day is caught up the next). */
export const staffSnapshotJob: JobDefinition = {
  key: 'accident-staff-snapshot',
  name: 'Unfallstatistik: Monatsstand der Beschäftigten',
  description:
    'Hält einmal im Monat je Portal die aktiven Beschäftigten und ihre Monatsstunden fest (nach Standort und Abteilung); die 1000-Mann-Quote eines Jahres rechnet mit dem Durchschnitt dieser Stände.',
  defaultSchedule: { kind: 'cron', cron: '45 2 * * *' },
  timeoutSeconds: 600,
  async run(ctx) {
    const month = monthOf(ctx.now);
    const label = `${month.slice(5, 7)}/${month.slice(0, 4)}`;
    const portals = await staffRepository.portals(ctx.db);
    let taken = 0;
    for (const portal of portals) {
      if (ctx.signal.aborted) throw new Error('Abgebrochen.');
      const result = await ctx.db.transaction((tx) => takeStaffSnapshot(tx, portal.id, month));
      if (result === null) continue;
      taken += 1;
      ctx.log(
        `${portal.name}: ${result.employees} Beschäftigte, ${hoursFormat.format(result.monthlyHours)} Monatsstunden (${label}).`,
      );
    }
    if (taken === 0) ctx.log(`Der Monatsstand ${label} ist für alle Portale schon erfasst.`);
    return {
      summary:
        taken === 1 ? `1 Monatsstand für ${label} erfasst.` : `${taken} Monatsstände für ${label} erfasst.`,
    };
  },
};
