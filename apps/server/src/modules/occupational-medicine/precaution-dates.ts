/** The calendar day (UTC) of an instant, as YYYY-MM-DD. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A calendar day plus whole months; a day past the target month's end becomes its last day (31.01. + 1 = 28./29.02.). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return isoDay(first);
}
