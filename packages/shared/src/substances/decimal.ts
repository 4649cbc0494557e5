/**
 * Decimal numbers with a comma in the spec's formats (modules.md „Formats“: 3,1 / 4,1 / 5,2 / 5,3): the
 * format p,s is SQL `numeric(p, s)` — at most p digits, s of them after the comma (decision 046).
 * On the wire a decimal is a German string („78,3“, „-114,1“); the database stores `numeric`.
 */
export type DecimalFormat = readonly [precision: number, scale: number];

export const DECIMAL_FORMATS = {
  ph: [3, 1],
  temperature: [4, 1],
  percent: [5, 2],
  amount: [5, 2],
  density: [5, 3],
} as const satisfies Record<string, DecimalFormat>;

export function decimalPattern([precision, scale]: DecimalFormat): RegExp {
  return new RegExp(`^-?\\d{1,${precision - scale}}(,\\d{1,${scale}})?$`);
}

/** „78,3“ → „78.3“ (the database's notation); undefined when it does not fit the format. */
export function parseDecimal(value: string, format: DecimalFormat): string | undefined {
  const v = value.trim();
  if (!decimalPattern(format).test(v)) return undefined;
  return v.replace(',', '.');
}

/** The database's „78.30“ → „78,3“ (trailing zeros after the comma dropped). */
export function formatDecimal(value: string | null): string {
  if (value === null) return '';
  let v = value;
  if (v.includes('.')) v = v.replace(/0+$/, '').replace(/\.$/, '');
  return v.replace('.', ',');
}

/** What a format allows, in words („höchstens 3 Stellen vor und 1 Stelle nach dem Komma“). */
export function decimalRule([precision, scale]: DecimalFormat): string {
  const before = precision - scale;
  return `höchstens ${before} ${before === 1 ? 'Stelle' : 'Stellen'} vor und ${scale} ${scale === 1 ? 'Stelle' : 'Stellen'} nach dem Komma`;
}
