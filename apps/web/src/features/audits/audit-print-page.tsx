import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useAudit } from './api/get-audit.ts';
import { downloadAuditPdf } from './api/print-audit.ts';

/** /checklists/print/preview/{id}: the print preview of a finished approval process and its PDF. */
export function AuditPrintPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const audit = useAudit(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={audit}
      title={t('audits.pageTitle')}
      back="/audits/list"
      notFoundHint={t('audits.notFound')}
      backLabel={t('audits.backToList')}
    >
      {(loaded) => <PrintPreview audit={loaded} />}
    </RecordPageLoader>
  );
}

function PrintPreview({ audit }: { audit: Audit }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const title = t('audits.print.title', { title: audit.title });
  useToolbar({ title, back: `/audits/${audit.id}` });
  const download = useMutation({
    mutationFn: () => downloadAuditPdf(audit.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Freigabevorgang.pdf'),
    onError: (error) => notify(t('audits.print.failed', { message: errorMessage(error, t) }), 'error'),
  });
  const done = audit.status === 'done';
  const people: [string, string][] = [
    [t('audits.fields.responsible'), audit.responsible.name],
    [t('audits.fields.executor'), audit.executor.name],
    [t('audits.fields.affected'), audit.affected.map((p) => p.name).join('; ')],
    [t('audits.fields.participants'), audit.participants.map((p) => p.name).join('; ')],
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      {!done && (
        <Alert severity="info" role="status">
          {t('audits.print.notDone')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!done || download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t('audits.print.downloading') : t('audits.print.download')}
        </Button>
        <Button component={RouterLink} to={`/audits/${audit.id}`}>
          {t('audits.print.back')}
        </Button>
      </Stack>
      <Paper sx={{ p: 3 }} component="article" aria-label={title}>
        <Typography variant="h5" component="h2" gutterBottom>
          {audit.title}
        </Typography>
        <Typography>
          {t('audits.fields.status')}: {t(`audits.status.${audit.status}`)}
          {audit.plannedOn ? ` · ${t('audits.fields.plannedOn')} ${formatDate(audit.plannedOn)}` : ''}
          {audit.finishedAt
            ? ` · ${t('audits.print.finishedAt', { date: formatDateTime(audit.finishedAt) })}`
            : ''}
        </Typography>
        {audit.description && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{audit.description}</Typography>
        )}
        <Table size="small" sx={{ mt: 2 }} aria-label={t('audits.fields.participants')}>
          <TableBody>
            {people.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>{value || '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Table size="small" sx={{ mt: 2 }} aria-label={t('audits.checklists.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('audits.fields.checklists')}</TableCell>
              <TableCell>{t('audits.fields.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {audit.checklists.map((c) => (
              <TableRow key={c.checklistId}>
                <TableCell>{c.label}</TableCell>
                <TableCell>
                  {t(`audits.checklistStatus.${c.status}`)} –{' '}
                  {t('audits.checklists.progress', { progress: c.progress, required: c.requiredProgress })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
