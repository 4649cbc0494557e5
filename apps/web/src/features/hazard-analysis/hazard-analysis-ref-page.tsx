import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { HazardAnalysisVersion } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { PrintAssessmentButton } from '#features/hazard-analysis-print/index.ts';
import { formatDate } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useHazardAnalysisVersion } from './api/get-hazard-analysis-version.ts';
import { FactorLabels } from './components/factor-field.tsx';
import { FrozenDocuments } from './components/frozen-documents.tsx';
import { FrozenSubstances } from './components/frozen-substances.tsx';
import { RiskChip } from './components/risk.tsx';

/** /hazardanalysis/ref/{versionId}: a released, frozen version — read-only (decision 021). */
export function HazardAnalysisRefPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useHazardAnalysisVersion(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('hazardAnalysis.refTitle')}
      back="/hazardanalysis/list"
      notFoundHint={t('hazardAnalysis.notFound')}
      backLabel={t('hazardAnalysis.backToList')}
    >
      {(version, key) => <RefView key={key} version={version} />}
    </RecordPageLoader>
  );
}

function RefView({ version: v }: { version: HazardAnalysisVersion }) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Phones read the hazards as cards, one below the other, instead of a seven-column table.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  useToolbar({ title: `${t('hazardAnalysis.refTitle')}: ${v.bezeichnung}`, back: '/hazardanalysis/list' });
  // Versions released before factors existed carry none; the column shows only when one has a factor.
  const withFactors = v.hazards.some((h) => h.factorLabels.length > 0);
  // Likewise the substances (frozen from decision 054 on).
  const withSubstances = v.hazards.some((h) => h.substances.length > 0 || h.hiddenSubstanceCount > 0);
  const field = (label: string, value: string | null) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || '–'}</Typography>
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }} data-testid="ref-view">
      <Alert
        severity="info"
        action={
          <Stack direction="row" spacing={1}>
            <PrintAssessmentButton versionId={v.id} />
            {v.workingCopyReadable ? (
              <Button color="inherit" size="small" component={Link} to={`/hazardanalysis/${v.analysisId}`}>
                {t('hazardAnalysis.openWorkingCopy')}
              </Button>
            ) : null}
          </Stack>
        }
      >
        {t('hazardAnalysis.refInfo', {
          number: v.versionNumber,
          date: formatDate(v.releaseDate),
          name: v.responsibleName,
          next: formatDate(v.nextCheckDate),
        })}
      </Alert>
      <Paper sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          {field(t('hazardAnalysis.bezeichnung'), v.bezeichnung)}
          {field(t('hazardAnalysis.location'), v.locationName)}
          {field(t('hazardAnalysis.department'), v.departmentName)}
          {field(t('hazardAnalysis.activity'), v.activityName)}
          {field(t('hazardAnalysis.attachSetting'), t(`hazardAnalysis.attach${v.attachSetting}`))}
        </Box>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('hazardAnalysis.hazards')}
        </Typography>
        {phone ? (
          <HazardCards version={v} withFactors={withFactors} withSubstances={withSubstances} />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('hazardAnalysis.hazardTitle')}</TableCell>
                {withFactors && <TableCell>{t('hazardAnalysis.factor')}</TableCell>}
                <TableCell>{t('hazardAnalysis.cause')}</TableCell>
                <TableCell>{t('hazardAnalysis.protectionGoal')}</TableCell>
                <TableCell>{t('hazardAnalysis.responsible')}</TableCell>
                {withSubstances && <TableCell>{t('hazardAnalysis.substancesTitle')}</TableCell>}
                <TableCell>{t('hazardAnalysis.riskBefore')}</TableCell>
                <TableCell>{t('hazardAnalysis.riskAfter')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {v.hazards.map((h) => (
                <TableRow key={h.position}>
                  <TableCell>
                    {h.brickIdentifier ? `${h.brickIdentifier} ` : ''}
                    {h.title}
                  </TableCell>
                  {withFactors && (
                    <TableCell>
                      <FactorLabels labels={h.factorLabels} />
                    </TableCell>
                  )}
                  <TableCell>{h.cause}</TableCell>
                  <TableCell>{h.protectionGoal}</TableCell>
                  <TableCell>{h.responsibleName}</TableCell>
                  {withSubstances && (
                    <TableCell>
                      <FrozenSubstances hazard={h} />
                    </TableCell>
                  )}
                  <TableCell>
                    <RiskChip rating={h.ratingBefore} criteria={v.criteria} />
                  </TableCell>
                  <TableCell>
                    <RiskChip rating={h.ratingAfter} criteria={v.criteria} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <FrozenDocuments documents={v.documents} />
    </Stack>
  );
}

/** The hazards of a frozen version as cards (phones): title, then each field under its label. */
function HazardCards({
  version: v,
  withFactors,
  withSubstances,
}: {
  version: HazardAnalysisVersion;
  withFactors: boolean;
  withSubstances: boolean;
}) {
  const { t } = useTranslation();
  const item = (label: string, value: ReactNode) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '–'}
      </Typography>
    </Box>
  );
  const card = (h: HazardAnalysisVersion['hazards'][number]) => (
    <Box component="li" key={h.position} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {h.brickIdentifier ? `${h.brickIdentifier} ` : ''}
        {h.title}
      </Typography>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 1 }}>
        {withFactors ? item(t('hazardAnalysis.factor'), <FactorLabels labels={h.factorLabels} />) : null}
        {item(t('hazardAnalysis.cause'), h.cause)}
        {item(t('hazardAnalysis.protectionGoal'), h.protectionGoal)}
        {item(t('hazardAnalysis.responsible'), h.responsibleName)}
        {withSubstances ? item(t('hazardAnalysis.substancesTitle'), <FrozenSubstances hazard={h} />) : null}
        {item(t('hazardAnalysis.riskBefore'), <RiskChip rating={h.ratingBefore} criteria={v.criteria} />)}
        {item(t('hazardAnalysis.riskAfter'), <RiskChip rating={h.ratingAfter} criteria={v.criteria} />)}
      </Box>
    </Box>
  );
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={t('hazardAnalysis.hazards')}
      data-testid="ref-hazard-cards"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {v.hazards.map(card)}
    </Stack>
  );
}
