import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { FrozenHazard } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * The substances a hazard linked at release time (decision 054): designation (link to the substance), CAS
 * number and the linked version; the ones the reader may not see are only counted.
 */
export function FrozenSubstances({
  hazard: h,
}: {
  hazard: Pick<FrozenHazard, 'substances' | 'hiddenSubstanceCount'>;
}) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {h.substances.map((s) => (
        <Box component="span" key={s.versionId}>
          <Link component={RouterLink} to={`/substances/${s.substanceId}`}>
            {s.designation}
          </Link>
          {` · ${[s.casNumber, t('hazardAnalysis.substanceVersionOf', { number: s.versionNumber })]
            .filter(Boolean)
            .join(' · ')}`}
        </Box>
      ))}
      {h.hiddenSubstanceCount > 0 && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('hazardAnalysis.substancesHidden', { count: h.hiddenSubstanceCount })}
        </Box>
      )}
    </Box>
  );
}
