import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  NOHL_BAND_LABELS,
  NOHL_BANDS,
  NOHL_PROBABILITIES,
  NOHL_SCORE_MAX,
  NOHL_SCORE_MIN,
  NOHL_SEVERITIES,
  type NohlBand,
  type NohlCriteria,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NOHL_BAND_COLOURS } from './nohl-bands.ts';

/** Probabilities top to bottom as the matrix shows them: hoch first, sehr gering last. */
export const NOHL_ROWS = [...NOHL_PROBABILITIES].reverse();
export const NOHL_COLUMNS = NOHL_SEVERITIES;

/** The scores of a band under the register start values, as text ("1–2", "5–7", "3"); null when empty. */
export function nohlBandRange(criteria: Pick<NohlCriteria, 'yellowFrom' | 'redFrom'>, band: NohlBand) {
  const [from, to] =
    band === 'green'
      ? [NOHL_SCORE_MIN, criteria.yellowFrom - 1]
      : band === 'yellow'
        ? [criteria.yellowFrom, criteria.redFrom - 1]
        : [criteria.redFrom, NOHL_SCORE_MAX];
  if (to < from) return null;
  return from === to ? String(from) : `${from}–${to}`;
}

/** The label a cell is announced with: "Wahrscheinlichkeit hoch, schwere Verletzung: Risiko 6 (hohes Risiko)". */
export function nohlCellLabel(probability: number, severity: number, score: number, band: NohlBand): string {
  const p = NOHL_PROBABILITIES.find((x) => x.index === probability)?.label ?? String(probability);
  const s = NOHL_SEVERITIES.find((x) => x.index === severity)?.label ?? String(severity);
  return `Wahrscheinlichkeit ${p}, ${s}: Risiko ${score} (${NOHL_BAND_LABELS[band]})`;
}

/** The legend: each band's colour, German name and score range under the given start values. */
export function NohlLegend({ criteria }: { criteria: Pick<NohlCriteria, 'yellowFrom' | 'redFrom'> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('nohlMatrix.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {NOHL_BANDS.map((band) => {
        const range = nohlBandRange(criteria, band);
        const colours = NOHL_BAND_COLOURS[band];
        return (
          <Box component="li" key={band} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{ width: 16, height: 16, bgcolor: colours.fill, border: `2px solid ${colours.strong}` }}
            />
            <Typography variant="body2">
              {range
                ? t('nohlMatrix.legendEntry', { band: NOHL_BAND_LABELS[band], range })
                : t('nohlMatrix.legendEmpty', { band: NOHL_BAND_LABELS[band] })}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The 4×4 frame of the NOHL matrix: axis titles, severities as columns, probabilities as rows (hoch at
 * top), and a cell rendered by the caller. Shared by the rating grid and the criteria editor.
 */
export function NohlMatrixLayout(props: {
  renderCell: (probability: number, severity: number) => ReactNode;
  criteria: Pick<NohlCriteria, 'yellowFrom' | 'redFrom'>;
  label?: string;
  groupProps?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 720 }}>
      {props.label && (
        <Typography variant="subtitle2" component="div" sx={{ mb: 0.5 }}>
          {props.label}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}>
        <Box />
        <Typography variant="caption" sx={{ textAlign: 'center', fontWeight: 600 }}>
          {t('nohlMatrix.severityAxis')}
        </Typography>
        <Typography
          variant="caption"
          sx={{
            writingMode: 'vertical-rl',
            transform: 'rotate(180deg)',
            textAlign: 'center',
            fontWeight: 600,
          }}
        >
          {t('nohlMatrix.probabilityAxis')}
        </Typography>
        <Box
          {...props.groupProps}
          sx={{
            display: 'grid',
            // Phones: narrower tracks, so the matrix fits 390 px (hazard dialog, criteria page).
            gridTemplateColumns: {
              xs: 'minmax(3.25rem, auto) repeat(4, minmax(3.5rem, 1fr))',
              sm: 'minmax(5.5rem, auto) repeat(4, minmax(4.5rem, 1fr))',
            },
            gap: 0.5,
          }}
        >
          <Box aria-hidden />
          {NOHL_COLUMNS.map((s) => (
            <Typography
              key={s.index}
              variant="caption"
              title={s.hint}
              aria-hidden
              sx={{
                textAlign: 'center',
                alignSelf: 'end',
                lineHeight: 1.2,
                fontSize: { xs: '0.7rem', sm: '0.75rem' },
                hyphens: 'auto',
                overflowWrap: 'anywhere',
              }}
            >
              {s.label}
            </Typography>
          ))}
          {NOHL_ROWS.map((p) => (
            <Box key={p.index} sx={{ display: 'contents' }}>
              <Typography
                variant="caption"
                aria-hidden
                sx={{ alignSelf: 'center', pr: 1, textAlign: 'right' }}
              >
                {p.label}
              </Typography>
              {NOHL_COLUMNS.map((s) => (
                <Box key={s.index} sx={{ display: 'flex' }}>
                  {props.renderCell(p.index, s.index)}
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
      <NohlLegend criteria={props.criteria} />
    </Box>
  );
}
