import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProfileEvaluationRow } from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import type { EvaluationFilter } from './api.ts';
import { downloadTab, useProfileEvaluations } from './api-tabs.ts';
import { percent, TabSection } from './tabs-common.tsx';

/**
 * Tab „Profile“ (decision 076): the instruction profiles with their rules, topics, the employees they reach now
 * (in the viewer's reach) and the year's completion rate of their topics among those employees.
 */
export function ProfilesTab({ filter, reloadKey }: { filter: EvaluationFilter; reloadKey: number }) {
  const { t } = useTranslation();
  const data = useProfileEvaluations(filter, reloadKey);
  const title = t('instructionEvaluations.details.profilesTitle');
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
      testId="evaluation-profiles"
      fallbackName={`Unterweisungen-${filter.year}-profile`}
      download={(format) => downloadTab(filter, 'profiles', format)}
    >
      <Typography variant="caption" color="text.secondary">
        {t('instructionEvaluations.details.profilesHint', { year: filter.year })}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('instructionEvaluations.details.noProfilesAtAll')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('instructionEvaluations.details.profile')}</TableCell>
                <TableCell>{t('instructionEvaluations.details.rules')}</TableCell>
                <TableCell>{t('instructionEvaluations.details.topics')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.details.reached')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.dueShort')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.done')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.openShort')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.overdue')}</TableCell>
                <TableCell align="right">{t('instructionEvaluations.rateShort')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <ProfileLine key={r.id} row={r} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </TabSection>
  );
}

function ProfileLine({ row: r }: { row: ProfileEvaluationRow }) {
  const { t } = useTranslation();
  const unitSource = r.sources.some((s) => s.kind === 'location' || s.kind === 'department');
  const rules = r.sources.map((s) => `${t(`instructionEvaluations.details.kinds.${s.kind}`)}: ${s.name}`);
  if (r.includeSubUnits && unitSource) rules.push(t('instructionEvaluations.details.subUnits'));
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {r.label}
      </TableCell>
      <TableCell>
        {rules.length === 0 ? t('instructionEvaluations.details.noRules') : rules.join('; ')}
      </TableCell>
      <TableCell>{r.topics.map((x) => x.label).join('; ')}</TableCell>
      <TableCell align="right">{formatNumber(r.employees)}</TableCell>
      <TableCell align="right">{formatNumber(r.due)}</TableCell>
      <TableCell align="right">{formatNumber(r.done)}</TableCell>
      <TableCell align="right">{formatNumber(r.open)}</TableCell>
      <TableCell align="right">{formatNumber(r.overdue)}</TableCell>
      <TableCell align="right">{percent(r.rate)}</TableCell>
    </TableRow>
  );
}
