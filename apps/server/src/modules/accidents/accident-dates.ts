/** Calendar helpers of accident reports (Europe/Berlin days; decision 051). */

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
export const formatBerlinDateTime = (d: Date) => berlinDateTime.format(d).replace(',', '');

/** The Berlin calendar day (yyyy-mm-dd) of a time. */
export function berlinDay(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}

export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The notice's deadline (§ 193 (4) SGB VII): within three days of learning of the accident — its day + 3. */
export function noticeDeadline(accidentAt: Date): string {
  return addDays(berlinDay(accidentAt), 3);
}
