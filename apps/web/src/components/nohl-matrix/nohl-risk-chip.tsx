import Chip from '@mui/material/Chip';
import {
  NOHL_BAND_LABELS,
  type NohlCriteria,
  type NohlRating,
  nohlClassify,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { useTranslation } from 'react-i18next';
import { NOHL_BAND_COLOURS } from './nohl-bands.ts';

/** A rating's score with its band colour and German band name; 'nicht bewertet' while unrated. */
export function NohlRiskChip({ criteria, rating }: { criteria: NohlCriteria; rating: NohlRating | null }) {
  const { t } = useTranslation();
  const result = nohlClassify(criteria, rating);
  if (!result) return <Chip size="small" variant="outlined" label={t('nohlMatrix.notRated')} />;
  const colours = NOHL_BAND_COLOURS[result.band];
  return (
    <Chip
      size="small"
      label={t('nohlMatrix.chip', { score: result.score, band: NOHL_BAND_LABELS[result.band] })}
      sx={{
        bgcolor: colours.fill,
        color: colours.text,
        border: `1px solid ${colours.strong}`,
        fontWeight: 600,
      }}
    />
  );
}
