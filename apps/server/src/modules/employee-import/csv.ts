// The generic CSV reading lives in #platform/csv.ts; these are the employee import's own value readers.

const YES = new Set(['1', 'ja', 'j', 'x', 'true', 'wahr', 'yes', 'y']);
const NO = new Set(['0', 'nein', 'n', 'false', 'falsch', 'no', '']);

/** ja/nein, 1/0, x/empty, true/false → boolean; null when it is none of those. */
export function parseFlag(text: string): boolean | null {
  const v = text.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

const GENDER_WORDS: Record<string, 'm' | 'w' | 'd'> = {
  m: 'm',
  männlich: 'm',
  mann: 'm',
  herr: 'm',
  w: 'w',
  f: 'w',
  weiblich: 'w',
  frau: 'w',
  d: 'd',
  divers: 'd',
};

/** m/w/d and their German words → the stored letter; null when unknown. */
export function parseGender(text: string): 'm' | 'w' | 'd' | null {
  return GENDER_WORDS[text.trim().toLowerCase()] ?? null;
}
