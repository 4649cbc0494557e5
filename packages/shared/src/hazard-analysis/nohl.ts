import { z } from 'zod';

/**
 * The NOHL risk matrix (Nohl/Thiemecke 1988; shared/data/regulatory/nohl-matrix.md).
 *
 * Verified: 4 probabilities × 4 severities, a risk score 1–7 and three bands. Not verified: the value of
 * each cell. So the cells are data (the classification criteria, `/hazardanalysis/status`), seeded with
 * the usual reading "probability index + severity index − 1", and an administrator can correct them.
 * Indices are 1-based: probability 1 = sehr gering … 4 = hoch; severity 1 = leichte … 4 = tödliche.
 */
export const NOHL_SCORE_MIN = 1;
export const NOHL_SCORE_MAX = 7;

export const NOHL_PROBABILITIES = [
  { index: 1, label: 'sehr gering' },
  { index: 2, label: 'gering' },
  { index: 3, label: 'mittel' },
  { index: 4, label: 'hoch' },
] as const;

export const NOHL_SEVERITIES = [
  {
    index: 1,
    label: 'leichte Verletzung',
    hint: 'leichte Verletzungen oder Erkrankungen (z. B. Prellungen)',
  },
  {
    index: 2,
    label: 'mittelschwere Verletzung',
    hint: 'mittelschwere Verletzungen oder Erkrankungen (z. B. einfache Knochenbrüche)',
  },
  {
    index: 3,
    label: 'schwere Verletzung',
    hint: 'schwere Verletzungen oder Erkrankungen (z. B. Querschnittlähmung)',
  },
  {
    index: 4,
    label: 'tödliche Verletzung',
    hint: 'möglicher Tod, Katastrophe (z. B. schwere Verletzungen zahlreicher Menschen)',
  },
] as const;

export const NOHL_BANDS = ['green', 'yellow', 'red'] as const;
export type NohlBand = (typeof NOHL_BANDS)[number];

/** German names of the bands (shown with the colour, never the colour alone). */
export const NOHL_BAND_LABELS: Record<NohlBand, string> = {
  green: 'geringes Risiko',
  yellow: 'signifikantes Risiko',
  red: 'hohes Risiko',
};

export const nohlIndexSchema = z.coerce
  .number({ message: 'Bitte wählen Sie ein Feld der Risikomatrix.' })
  .int('Bitte wählen Sie ein Feld der Risikomatrix.')
  .min(1, 'Bitte wählen Sie ein Feld der Risikomatrix.')
  .max(4, 'Bitte wählen Sie ein Feld der Risikomatrix.');

/** A rating: one cell of the matrix. */
export const nohlRatingSchema = z.object({ probability: nohlIndexSchema, severity: nohlIndexSchema });
export type NohlRating = z.infer<typeof nohlRatingSchema>;

const scoreSchema = z.coerce
  .number({ message: 'Bitte geben Sie einen Risikowert an.' })
  .int('Der Risikowert muss eine ganze Zahl sein.')
  .min(NOHL_SCORE_MIN, `Der Risikowert muss zwischen ${NOHL_SCORE_MIN} und ${NOHL_SCORE_MAX} liegen.`)
  .max(NOHL_SCORE_MAX, `Der Risikowert muss zwischen ${NOHL_SCORE_MIN} und ${NOHL_SCORE_MAX} liegen.`);

/**
 * The classification criteria (Einstufungskriterien): the score of every cell — `cells[p-1][s-1]` — and the
 * register start values: a score from `yellowFrom` on is yellow, from `redFrom` on red, below is green.
 */
export const nohlCriteriaSchema = z
  .object({
    cells: z.array(z.array(scoreSchema).length(4)).length(4),
    yellowFrom: scoreSchema,
    redFrom: scoreSchema,
  })
  .superRefine((value, ctx) => {
    if (value.yellowFrom <= NOHL_SCORE_MIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['yellowFrom'],
        message: `Der Startwert für Gelb muss größer als ${NOHL_SCORE_MIN} sein, damit Grün einen Bereich hat.`,
      });
    }
    if (value.redFrom <= value.yellowFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['redFrom'],
        message: 'Der Startwert für Rot muss größer als der Startwert für Gelb sein.',
      });
    }
  });
export type NohlCriteria = z.infer<typeof nohlCriteriaSchema>;

/** The seed: score = probability + severity − 1; bands 1–2 green, 3–4 yellow, 5–7 red (the verified bands). */
export const DEFAULT_NOHL_CRITERIA: NohlCriteria = {
  cells: [1, 2, 3, 4].map((p) => [1, 2, 3, 4].map((s) => p + s - 1)),
  yellowFrom: 3,
  redFrom: 5,
};

/** The score of a rated cell under the given criteria. */
export function nohlCellScore(criteria: NohlCriteria, rating: NohlRating): number {
  const score = criteria.cells[rating.probability - 1]?.[rating.severity - 1];
  if (score === undefined) throw new RangeError(`no NOHL cell ${rating.probability}/${rating.severity}`);
  return score;
}

/** The band of a score under the given register start values. */
export function nohlBand(criteria: Pick<NohlCriteria, 'yellowFrom' | 'redFrom'>, score: number): NohlBand {
  if (score >= criteria.redFrom) return 'red';
  if (score >= criteria.yellowFrom) return 'yellow';
  return 'green';
}

/** Score and band of a rating, or null when the hazard is not rated yet. */
export function nohlClassify(
  criteria: NohlCriteria,
  rating: NohlRating | null,
): { score: number; band: NohlBand } | null {
  if (!rating) return null;
  const score = nohlCellScore(criteria, rating);
  return { score, band: nohlBand(criteria, score) };
}
