import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HazardAnalysisVersion } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { PrintAssessmentButton } from '#features/hazard-analysis-print/index.ts';
import { formatDate } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useHazardAnalysisVersion } from './api/get-hazard-analysis-version.ts';
import { FactorLabels } from './components/factor-field.tsx';
import { FrozenDocuments } from './components/frozen-documents.tsx';
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
  useToolbar({ title: `${t('hazardAnalysis.refTitle')}: ${v.bezeichnung}`, back: '/hazardanalysis/list' });
  // Versions released before factors existed carry none; the column shows only when one has a factor.
  const withFactors = v.hazards.some((h) => h.factorLabels.length > 0);
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
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('hazardAnalysis.hazardTitle')}</TableCell>
              {withFactors && <TableCell>{t('hazardAnalysis.factor')}</TableCell>}
              <TableCell>{t('hazardAnalysis.cause')}</TableCell>
              <TableCell>{t('hazardAnalysis.protectionGoal')}</TableCell>
              <TableCell>{t('hazardAnalysis.responsible')}</TableCell>
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
      </Paper>
      <FrozenDocuments documents={v.documents} />
    </Stack>
  );
}
