/** Dates and times in Germany (Europe/Berlin) for the appointments (decision 060). */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Berlin day (yyyy-mm-dd) and minute of the day at `now`. */
export function berlinNow(now: Date): { day: string; minute: number } {
  const p = Object.fromEntries(parts.formatToParts(now).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** The instant of a Berlin day and minute of the day. */
export function berlinInstant(day: string, minute: number): Date {
  const [y, m, d] = day.split('-').map(Number);
  const naive = Date.UTC(y!, m! - 1, d!, Math.floor(minute / 60), minute % 60);
  // The offset of Berlin at about that instant, applied twice to settle across a DST change.
  let guess = naive;
  for (let i = 0; i < 2; i += 1) {
    const local = berlinNow(new Date(guess));
    const [ly, lm, ld] = local.day.split('-').map(Number);
    const asUtc = Date.UTC(ly!, lm! - 1, ld!, Math.floor(local.minute / 60), local.minute % 60);
    guess = naive - (asUtc - guess);
  }
  return new Date(guess);
}

/** yyyy-mm-dd plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** dd.mm.yy of yyyy-mm-dd (the product's date format). */
export function germanDate(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;
}
