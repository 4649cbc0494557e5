import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Questionnaire } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { downloadQuestionnairePdf } from './api/links-api.ts';
import { useQuestionnaire } from './api/questionnaires-api.ts';

/**
 * /checklists/tree/print/{id}: the print preview of a questionnaire (the segments the reader may see, with
 * their links and checklists) and its PDF from the report engine (decision 067).
 */
export function QuestionnairePrintPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuestionnaire(Number(id), 'read');
  const q = query.data;
  useToolbar({
    title: q ? t('questionnaires.print.title', { title: q.title }) : t('questionnaires.view.title'),
    back: q ? `/checklists/tree/read/${q.id}` : '/checklists/tree',
  });
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('questionnaires.view.title')} />
      </Box>
    );
  if (!q)
    return (
      <Stack spacing={2} sx={{ maxWidth: 800 }}>
        <Alert severity="error" role="alert">
          {errorMessage(query.error, t)}
        </Alert>
        <Button component={RouterLink} to="/checklists/tree" sx={{ alignSelf: 'flex-start' }}>
          {t('questionnaires.view.back')}
        </Button>
      </Stack>
    );
  return <Preview questionnaire={q} />;
}

function Preview({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const download = useMutation({
    mutationFn: () => downloadQuestionnairePdf(q.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Fragebogen.pdf'),
    onError: (error) =>
      notify(t('questionnaires.print.failed', { message: errorMessage(error, t) }), 'error'),
  });
  const title = t('questionnaires.print.title', { title: q.title });
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t('questionnaires.print.downloading') : t('questionnaires.print.download')}
        </Button>
        <Button component={RouterLink} to={`/checklists/tree/read/${q.id}`}>
          {t('questionnaires.print.back')}
        </Button>
      </Stack>
      <Paper sx={{ p: 3 }} component="article" aria-label={title}>
        <Typography variant="h5" component="h2" gutterBottom>
          {q.title}
        </Typography>
        <Typography>
          {q.typeTitle} · {t(`questionnaires.status.${q.status}`)}
        </Typography>
        <Table size="small" sx={{ mt: 2 }} aria-label={t('questionnaires.print.segments')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('questionnaires.links.fields.segment')}</TableCell>
              <TableCell>{t('questionnaires.print.checklists')}</TableCell>
              <TableCell>{t('questionnaires.links.title')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {q.segments.map((s) => (
              <TableRow key={s.key}>
                <TableCell>{`${s.segment} ${s.label}`.trim()}</TableCell>
                <TableCell>
                  {s.entries
                    .map(
                      (e) =>
                        `${e.checklist.label} (${t('questionnaires.print.progress', { progress: e.instance.progress })})`,
                    )
                    .join('; ') || '–'}
                </TableCell>
                <TableCell>
                  {s.links
                    .map((l) => `${l.recipientName}: ${t(`questionnaires.links.status.${l.status}`)}`)
                    .join('; ') || '–'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}
