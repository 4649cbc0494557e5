import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { catalogueLabel } from '@schutzwerk/shared/accidents/catalogues.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInjuryCategoryLabel } from '../api/injury-categories.ts';

/** The fields of a report as a definition list (the wizard's summary and the record page). */
export type SummaryData = {
  eventType: number | null;
  person: string;
  accidentAt: string;
  firstAidAt: string;
  location: string;
  department: string;
  /** null: health data not visible. */
  injuries: { bodyPart: number; injuryType: number }[] | null;
  injuryCategory: number | null;
  injuryDescription: string | null;
  description: string;
  witnesses: { name: string; street: string; postalCode: string; city: string }[];
  firstAiders: string[];
  doctor: string | null;
  hospital: string | null;
  protectiveGear: string;
  reportable: boolean;
  fatal: boolean;
  hospitalised: boolean | null;
  comment: string;
  /** Step 6: the chosen checklist and, once linked, the state of its filled instance (decision 056). */
  checklist?: { label: string; status?: string | null; progress?: number | null } | null;
};

export function AccidentSummary({ data }: { data: SummaryData }) {
  const { t } = useTranslation();
  const yes = (v: boolean) => (v ? t('accidents.yes') : t('accidents.no'));
  const categoryLabel = useInjuryCategoryLabel();
  const rows: [string, ReactNode][] = [
    [t('accidents.eventType'), catalogueLabel('eventType', data.eventType)],
    [t('accidents.person'), data.person],
    [t('accidents.accidentAt'), data.accidentAt],
    [t('accidents.firstAidAt'), data.firstAidAt],
    [t('accidents.location'), data.location],
    [t('accidents.department'), data.department || '–'],
  ];
  if (data.injuries === null) rows.push([t('accidents.healthData'), t('accidents.healthHidden')]);
  else {
    rows.push([
      t('accidents.injuries'),
      data.injuries.length === 0
        ? '–'
        : data.injuries
            .map(
              (i) =>
                `${catalogueLabel('bodyPart', i.bodyPart)}: ${catalogueLabel('injuryType', i.injuryType)}`,
            )
            .join('; '),
    ]);
    rows.push([t('accidents.injuryCategory'), categoryLabel(data.injuryCategory) || '–']);
    rows.push([t('accidents.injuryDescription'), data.injuryDescription || '–']);
    rows.push([t('accidents.doctor'), data.doctor || '–']);
    rows.push([t('accidents.hospital'), data.hospital || '–']);
    rows.push([t('accidents.hospitalised'), yes(data.hospitalised === true)]);
  }
  rows.push(
    [t('accidents.description'), data.description || '–'],
    [
      t('accidents.witnesses'),
      data.witnesses.length === 0
        ? '–'
        : data.witnesses
            .map((w) =>
              [w.name, w.street, [w.postalCode, w.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            )
            .join('; '),
    ],
    [t('accidents.firstAiders'), data.firstAiders.length === 0 ? '–' : data.firstAiders.join('; ')],
    [t('accidents.protectiveGear'), data.protectiveGear || '–'],
    [t('accidents.reportable'), yes(data.reportable)],
    [t('accidents.fatal'), yes(data.fatal)],
    [t('accidents.comment'), data.comment || '–'],
    [
      t('accidents.checklist'),
      !data.checklist
        ? '–'
        : data.checklist.status
          ? t('accidents.checklistSummary', {
              label: data.checklist.label,
              status: t(`accidents.checklistStatus.${data.checklist.status}`),
              progress: data.checklist.progress ?? 0,
            })
          : data.checklist.label,
    ],
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(160px, 1fr) minmax(0, 3fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body1"
            sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
