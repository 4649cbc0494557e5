/** Display formats of the product: dates dd.mm.yy, times HH:mm, Europe/Berlin; numbers de-DE. */
const TIME_ZONE = 'Europe/Berlin';

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const numberFormat = new Intl.NumberFormat('de-DE');

type DateInput = Date | string | number | null | undefined;

/**
 * Parses ISO 8601 and PostgreSQL text timestamps ('2026-11-22 02:30:31.542+00').
 * A plain date ('2026-11-22') is a calendar day, not an instant: it is read as noon UTC so that it
 * shows as the same day in Berlin.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return new Date(value);
  let text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text = `${text}T12:00:00Z`;
  else {
    text = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd.mm.yy in Europe/Berlin; '' for empty or invalid input. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** HH:mm in Europe/Berlin; '' for empty or invalid input. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** dd.mm.yy HH:mm in Europe/Berlin. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '';
}

/** Numbers with German separators: 10.000 and 3,5. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat('de-DE', options).format(value) : numberFormat.format(value);
}
