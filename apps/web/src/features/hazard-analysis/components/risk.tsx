import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_NOHL_CRITERIA,
  NOHL_BAND_LABELS,
  NOHL_PROBABILITIES,
  NOHL_SEVERITIES,
  type NohlBand,
  type NohlCriteria,
  type NohlRating,
  nohlClassify,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { useTranslation } from 'react-i18next';

const BAND_COLOR: Record<NohlBand, 'success' | 'warning' | 'error'> = {
  green: 'success',
  yellow: 'warning',
  red: 'error',
};

/**
 * Score and band of a rating as a chip (colour and German band name, never the colour alone). Uses the
 * criteria given, else the seed criteria until the classification criteria page is wired (decision 021).
 */
export function RiskChip({
  rating,
  criteria = DEFAULT_NOHL_CRITERIA,
  band,
  score,
}: {
  rating: NohlRating | null;
  criteria?: NohlCriteria;
  /** Frozen versions pass the band and score stored at release. */
  band?: string | null;
  score?: number | null;
}) {
  const { t } = useTranslation();
  const live = band === undefined ? nohlClassify(criteria, rating) : null;
  const b = (band ?? live?.band ?? null) as NohlBand | null;
  const s = score ?? live?.score ?? null;
  if (!rating || !b || s === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('hazardAnalysis.notRated')}
      </Typography>
    );
  return (
    <Chip
      size="small"
      color={BAND_COLOR[b]}
      label={`${s} – ${NOHL_BAND_LABELS[b]}`}
      title={t('hazardAnalysis.score', { score: s })}
    />
  );
}

/** A rating as two choices: probability and severity of the NOHL matrix ('nicht bewertet' clears both). */
export function RatingField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: NohlRating | null;
  onChange: (value: NohlRating | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<NohlRating>) => {
    const next = { probability: value?.probability ?? 0, severity: value?.severity ?? 0, ...patch };
    if (next.probability === 0 && next.severity === 0) onChange(null);
    else onChange(next as NohlRating);
  };
  return (
    <Stack spacing={1} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <RiskChip rating={value && value.probability > 0 && value.severity > 0 ? value : null} />
      </Stack>
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={t('hazardAnalysis.probability')}
          value={value?.probability ?? 0}
          onChange={(e) => set({ probability: Number(e.target.value) })}
          disabled={disabled}
          sx={{ flex: 1 }}
        >
          <MenuItem value={0}>{t('hazardAnalysis.notRated')}</MenuItem>
          {NOHL_PROBABILITIES.map((p) => (
            <MenuItem key={p.index} value={p.index}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('hazardAnalysis.severity')}
          value={value?.severity ?? 0}
          onChange={(e) => set({ severity: Number(e.target.value) })}
          disabled={disabled}
          sx={{ flex: 1 }}
        >
          <MenuItem value={0}>{t('hazardAnalysis.notRated')}</MenuItem>
          {NOHL_SEVERITIES.map((s) => (
            <MenuItem key={s.index} value={s.index}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
