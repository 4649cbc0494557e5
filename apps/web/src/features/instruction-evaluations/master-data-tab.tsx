import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MasterDataRow } from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import type { EvaluationFilter } from './api.ts';
import { downloadTab, useMasterData } from './api-tabs.ts';
import { percent, TabSection } from './tabs-common.tsx';

/** Tab „Stammdaten“ (decision 076): the portal's topics with their master data and the year's figures. */
export function MasterDataTab({ filter, reloadKey }: { filter: EvaluationFilter; reloadKey: number }) {
  const { t } = useTranslation();
  const data = useMasterData(filter, reloadKey);
  const title = t('instructionEvaluations.details.masterDataTitle', { year: filter.year });
  if (data.error)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(data.error, t)}
      </Alert>
    );
  if (!data.data) return <CircularProgress aria-label={t('instructionEvaluations.loading')} />;
  const rows = data.data.rows;
  return (
    <TabSection
      title={title}
      testId="evaluation-master-data"
      fallbackName={`Unterweisungen-${filter.year}-stammdaten`}
      download={(format) => downloadTab(filter, 'master-data', format)}
    >
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('instructionEvaluations.details.noTopics')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {[
                  'identifier',
                  'label',
                  'number',
                  'department',
                  'interval',
                  'mode',
                  'questions',
                  'duration',
                  'effectiveness',
                  'flags',
                  'employees',
                ].map((key) => (
                  <TableCell key={key}>{t(`instructionEvaluations.details.${key}`)}</TableCell>
                ))}
                <TableCell align="right">{t('instructionEvaluations.dueShort')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.done')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.openShort')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.overdue')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.rateShort')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <MasterDataLine key={r.id} row={r} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </TabSection>
  );
}

function MasterDataLine({ row: r }: { row: MasterDataRow }) {
  const { t } = useTranslation();
  const d = (key: string, options: Record<string, unknown> = {}) =>
    t(`instructionEvaluations.details.${key}`, options);
  return (
    <TableRow>
      <TableCell>{r.identifier}</TableCell>
      <TableCell component="th" scope="row">
        {r.label}
      </TableCell>
      <TableCell>{r.number}</TableCell>
      <TableCell>{r.departmentName ?? ''}</TableCell>
      <TableCell>{d('days', { count: r.intervalDays })}</TableCell>
      <TableCell>{r.mode === 3 ? d('mode3', { min: r.minScore ?? 0 }) : d('mode1')}</TableCell>
      <TableCell>
        {r.poolCount ? d('questionsPool', { pool: r.poolCount, count: r.questionCount }) : r.questionCount}
      </TableCell>
      <TableCell>{r.durationDays === null ? '' : d('days', { count: r.durationDays })}</TableCell>
      <TableCell>{d(`effectiveness${r.effectiveness}`)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={r.locked ? d('locked') : d('released')} />
          {r.inactive && <Chip size="small" label={d('inactive')} />}
          {r.scorm && <Chip size="small" label={d('scorm')} />}
        </Box>
      </TableCell>
      <TableCell align="right">{formatNumber(r.employees)}</TableCell>
      <TableCell align="right">{formatNumber(r.due)}</TableCell>
      <TableCell align="right">{formatNumber(r.done)}</TableCell>
      <TableCell align="right">{formatNumber(r.open)}</TableCell>
      <TableCell align="right">{formatNumber(r.overdue)}</TableCell>
      <TableCell align="right">{percent(r.rate)}</TableCell>
    </TableRow>
  );
}
