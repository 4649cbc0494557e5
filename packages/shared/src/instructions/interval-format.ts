import { TOPIC_INTERVALS } from './instructions.schema.ts';

/**
 * How intervals and durations (stored in days) are shown (spec §9: "Intervals can be shown in days, months or
 * years"; setting `intervalUnit` of the tab „Unterweisungen“, decision 045). One formatter for the web and the
 * server: the topics list, the topic editor, „Meine Unterweisungen“, the matrix and the exports all call it.
 * - days: „365 Tage“;
 * - months: a whole year counts 12 months, otherwise 30 days make a month („12 Monate“, „3 Monate“, „1,5 Monate“);
 * - years: 365 days make a year, otherwise 12 months („1 Jahr“, „0,5 Jahre“);
 * - auto: the natural unit — whole years in years, multiples of 30 days in months, the rest in days; an interval
 *   that is one of the spec's options shows its name („jährlich“, „vierteljährlich“).
 */
export const INTERVAL_UNITS = ['auto', 'days', 'months', 'years'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

const DAYS_PER_YEAR = 365;
const DAYS_PER_MONTH = 30;

/** A number with a German decimal comma, at most two decimals („1,5“, „0,25“). */
function germanNumber(n: number): string {
  return String(Math.round(n * 100) / 100).replace('.', ',');
}

function plural(n: number, one: string, many: string): string {
  return `${germanNumber(n)} ${n === 1 ? one : many}`;
}

/** The number of months a span of days makes (a whole year is 12 months, else 30 days a month). */
export function daysToMonths(days: number): number {
  return days % DAYS_PER_YEAR === 0 ? (days / DAYS_PER_YEAR) * 12 : days / DAYS_PER_MONTH;
}

/** The number of years a span of days makes (365 days a year, else via months). */
export function daysToYears(days: number): number {
  return days % DAYS_PER_YEAR === 0 ? days / DAYS_PER_YEAR : daysToMonths(days) / 12;
}

/** Days of a whole number in a unit: 12 months are a year (365 days), other months 30 days. */
export function unitToDays(value: number, unit: Exclude<IntervalUnit, 'auto'>): number {
  if (unit === 'years') return value * DAYS_PER_YEAR;
  if (unit === 'months') return value % 12 === 0 ? (value / 12) * DAYS_PER_YEAR : value * DAYS_PER_MONTH;
  return value;
}

/** The value of `days` in a unit when it is a whole number there, else null (a custom interval's input). */
export function daysInUnit(days: number, unit: Exclude<IntervalUnit, 'auto'>): number | null {
  const value = unit === 'years' ? daysToYears(days) : unit === 'months' ? daysToMonths(days) : days;
  return Number.isInteger(value) && unitToDays(value, unit) === days ? value : null;
}

/** The natural unit of a span: whole years, else whole months of 30 days, else days. */
export function naturalUnit(days: number): Exclude<IntervalUnit, 'auto'> {
  if (days > 0 && days % DAYS_PER_YEAR === 0) return 'years';
  if (days > 0 && days % DAYS_PER_MONTH === 0) return 'months';
  return 'days';
}

/** A span of days (a validity, a duration) in the unit: „1 Jahr“, „12 Monate“, „45 Tage“. */
export function formatDays(days: number, unit: IntervalUnit): string {
  const u = unit === 'auto' ? naturalUnit(days) : unit;
  if (u === 'years') return plural(daysToYears(days), 'Jahr', 'Jahre');
  if (u === 'months') return plural(daysToMonths(days), 'Monat', 'Monate');
  return plural(days, 'Tag', 'Tage');
}

/**
 * An interval in days in the unit: 0 is „einmalig“ whatever the unit; with `auto` the spec's options show their
 * names and other intervals „alle 45 Tage“ (1 day: „täglich“); with a unit the span („12 Monate“).
 */
export function formatInterval(days: number, unit: IntervalUnit): string {
  if (days === 0) return 'einmalig';
  if (unit !== 'auto') return formatDays(days, unit);
  const option = TOPIC_INTERVALS.find((i) => i.days === days);
  if (option) return option.label;
  return days === 1 ? 'täglich' : `alle ${formatDays(days, 'auto')}`;
}

/** An option of the interval select: the name, with the span in the chosen unit („jährlich (12 Monate)“). */
export function intervalOptionLabel(days: number, unit: IntervalUnit): string {
  const name = formatInterval(days, 'auto');
  return unit === 'auto' || days === 0 ? name : `${name} (${formatDays(days, unit)})`;
}
