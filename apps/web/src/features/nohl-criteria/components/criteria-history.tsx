import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { useNohlCriteriaHistory } from '../api/get-nohl-criteria-history.ts';
import { historyFieldLabel } from '../criteria-draft.ts';

/** Änderungsprotokoll of the criteria: who changed what when, old → new (HAZARDANALYSISSTATUS_LOG). */
export function CriteriaHistory() {
  const { t } = useTranslation();
  const history = useNohlCriteriaHistory(true);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="nohl-criteria-history">
      <Typography id="nohl-criteria-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('nohlCriteria.history')}
      </Typography>
      {history.isPending ? (
        <CircularProgress size={24} aria-label={t('nohlCriteria.loading')} />
      ) : history.isError ? (
        <Alert severity="error">{errorMessage(history.error, t)}</Alert>
      ) : history.data.length === 0 ? (
        <Typography variant="body2">{t('nohlCriteria.historyEmpty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('nohlCriteria.history')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('nohlCriteria.historyAt')}</TableCell>
                <TableCell>{t('nohlCriteria.historyBy')}</TableCell>
                <TableCell>{t('nohlCriteria.historyChanges')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatDateTime(entry.at)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {entry.actor?.name ?? t('nohlCriteria.unknownActor')}
                  </TableCell>
                  <TableCell>
                    {entry.changes.map((c) => (
                      <div key={c.field}>
                        {t('nohlCriteria.historyChange', {
                          field: historyFieldLabel(c.field, t),
                          from: c.from ?? '–',
                          to: c.to ?? '–',
                        })}
                      </div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
