/** Today's calendar day in Germany (yyyy-mm-dd). */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'overdue' before today, 'due' today, otherwise null (done items are never due). */
export function dueState(
  dueDate: string | null,
  done: boolean,
  today = berlinToday(),
): 'overdue' | 'due' | null {
  if (!dueDate || done) return null;
  if (dueDate < today) return 'overdue';
  if (dueDate === today) return 'due';
  return null;
}
