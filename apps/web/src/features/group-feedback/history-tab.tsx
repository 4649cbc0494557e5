import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GroupFeedbackListRow } from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { CertificateButton } from '#features/instruction-run/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { downloadAttendanceRecord, GROUP_FEEDBACK_SOURCE, useGroupFeedback } from './api/group-feedback.ts';

/**
 * „Verlauf“: the past group feedbacks the caller sees (decision 079) — day, instructor, departments, topics and
 * the number of employees; a row opens the feedback with its employees, the attendance record and, with the
 * certificates right, each item's certificate.
 */
export function GroupFeedbackHistory({ search }: { search: string }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const [open, setOpen] = useState<GroupFeedbackListRow | null>(null);
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<GroupFeedbackListRow>[]>(
    () => [
      {
        id: 'givenOn',
        header: t('groupFeedback.history.givenOn'),
        sortKey: 'givenOn',
        minWidth: 110,
        grow: 0.5,
        render: (r) => formatDate(r.givenOn),
      },
      {
        id: 'instructor',
        header: t('groupFeedback.history.instructor'),
        sortKey: 'instructor',
        minWidth: 150,
        render: (r) => r.instructorName ?? t('groupFeedback.history.instructorGone'),
      },
      {
        id: 'departments',
        header: t('groupFeedback.history.departments'),
        minWidth: 140,
        render: (r) => r.departments.join(', '),
      },
      {
        id: 'topics',
        header: t('groupFeedback.history.topics'),
        minWidth: 200,
        grow: 1.6,
        render: (r) => r.topics.join(', '),
      },
      {
        id: 'employees',
        header: t('groupFeedback.history.employees'),
        sortKey: 'employees',
        minWidth: 110,
        grow: 0.4,
        render: (r) => String(r.employeeCount),
      },
    ],
    [t],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 320, gap: 1.5 }}>
      <ListCount count={count} />
      <ScrollingList<GroupFeedbackListRow>
        source={GROUP_FEEDBACK_SOURCE}
        label={t('groupFeedback.history.label')}
        columns={columns}
        search={search}
        orderBy="givenOn"
        orderDirection="desc"
        onTotalChange={onTotalChange}
        onRowClick={(row) => setOpen(row)}
        emptyText={t('groupFeedback.history.empty')}
      />
      {open && <GroupFeedbackDialog row={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

function GroupFeedbackDialog({ row, onClose }: { row: GroupFeedbackListRow; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const mayCertificates = canAny([P.TOPICS_CERTIFICATES]);
  const feedback = useGroupFeedback(row.id);
  const download = useMutation({
    mutationFn: () => downloadAttendanceRecord(row.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Teilnahmenachweis.pdf'),
    onError: (error) => notify(errorMessage(error, t), 'error'),
  });
  const title = t('groupFeedback.history.dialogTitle', { date: formatDate(row.givenOn) });
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="gf-detail-title">
      <DialogTitle id="gf-detail-title">{title}</DialogTitle>
      <DialogContent>
        {feedback.isPending && <CircularProgress aria-label={t('groupFeedback.history.loading')} />}
        {feedback.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(feedback.error, t)}
          </Alert>
        )}
        {feedback.data && (
          <Stack spacing={2}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1 }}
            >
              <Typography component="dt" sx={{ fontWeight: 'bold' }}>
                {t('groupFeedback.history.instructor')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="gf-detail-instructor">
                {feedback.data.instructorName ?? t('groupFeedback.history.instructorGone')}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 'bold' }}>
                {t('groupFeedback.history.topics')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {row.topics.join(', ')}
              </Typography>
              {feedback.data.note && (
                <>
                  <Typography component="dt" sx={{ fontWeight: 'bold' }}>
                    {t('groupFeedback.note')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                    {feedback.data.note}
                  </Typography>
                </>
              )}
            </Box>
            <TableContainer>
              <Table size="small" aria-label={t('groupFeedback.history.itemsLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('groupFeedback.name')}</TableCell>
                    <TableCell>{t('groupFeedback.personnelNumber')}</TableCell>
                    <TableCell>{t('groupFeedback.history.department')}</TableCell>
                    <TableCell>{t('groupFeedback.topic')}</TableCell>
                    <TableCell>{t('groupFeedback.kind')}</TableCell>
                    <TableCell>{t('groupFeedback.history.validUntil')}</TableCell>
                    {mayCertificates && <TableCell>{t('groupFeedback.history.certificate')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {feedback.data.items.map((item) => (
                    <TableRow key={`${item.employeeId}-${item.topicId}-${item.type}`}>
                      <TableCell>{item.employeeName}</TableCell>
                      <TableCell>{item.personnelNumber}</TableCell>
                      <TableCell>{item.departmentName ?? ''}</TableCell>
                      <TableCell>{`${item.topicIdentifier} ${item.topicLabel}`.trim()}</TableCell>
                      <TableCell>{t(`groupFeedback.kinds.${item.type}`)}</TableCell>
                      <TableCell>
                        {item.validUntil ? formatDate(item.validUntil) : t('groupFeedback.history.unlimited')}
                      </TableCell>
                      {mayCertificates && (
                        <TableCell>
                          {item.assignmentId !== null && (
                            <CertificateButton
                              assignmentId={item.assignmentId}
                              topicLabel={`${item.topicLabel} – ${item.employeeName}`}
                            />
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<DownloadIcon />}
          disabled={download.isPending || !feedback.data}
          onClick={() => download.mutate()}
          data-testid="attendance-record"
        >
          {t('groupFeedback.history.attendanceRecord')}
        </Button>
        <Button onClick={onClose}>{t('groupFeedback.history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
