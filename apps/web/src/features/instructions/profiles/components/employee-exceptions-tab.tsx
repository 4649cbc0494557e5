import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExceptionRow, MatrixTopic } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { useAddException } from '../api/add-exception.ts';
import { useDeleteException } from '../api/delete-exception.ts';
import { useEmployeeExceptions } from '../api/employee-exceptions.ts';
import { useMatrixTopics } from '../api/matrix-topics.ts';

/**
 * The employee record's tab „Ausnahmeliste“: topics this employee is not given by profiles, with reason, who and
 * when. Adding one removes the open item of the topic; removing one lets the profiles give it again.
 */
export function EmployeeExceptionsTab({ employeeId, readOnly }: { employeeId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const list = useEmployeeExceptions(employeeId);
  const topics = useMatrixTopics(!readOnly);
  const add = useAddException(employeeId);
  const remove = useDeleteException(employeeId);
  const [topic, setTopic] = useState<MatrixTopic | null>(null);
  const [reason, setReason] = useState('');
  const [removing, setRemoving] = useState<ExceptionRow | null>(null);
  const fields = fieldErrors(add.error);
  const submit = () => {
    if (!topic) return;
    add.mutate(
      { topicId: topic.id, reason },
      {
        onSuccess: (result) => {
          setTopic(null);
          setReason('');
          notify(t('instructionProfiles.exceptionAdded', { count: result.removed }));
        },
      },
    );
  };
  const taken = new Set((list.data ?? []).map((x) => x.topicId));
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {t('instructionProfiles.exceptionsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('instructionProfiles.exceptionsHint')}
      </Typography>
      {list.error ? <Alert severity="error">{errorMessage(list.error, t)}</Alert> : null}
      <Table size="small" aria-label={t('instructionProfiles.exceptionsTitle')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('instructionProfiles.topic')}</TableCell>
            <TableCell>{t('instructionProfiles.reason')}</TableCell>
            <TableCell>{t('instructionProfiles.enteredBy')}</TableCell>
            <TableCell>{t('instructionProfiles.enteredAt')}</TableCell>
            {readOnly ? null : <TableCell>{t('instructionProfiles.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={readOnly ? 4 : 5}>{t('instructionProfiles.noExceptions')}</TableCell>
            </TableRow>
          ) : null}
          {list.data?.map((x) => (
            <TableRow key={x.id}>
              <TableCell>{`${x.topicIdentifier} ${x.topicLabel}`}</TableCell>
              <TableCell>{x.reason}</TableCell>
              <TableCell>{x.createdByName ?? ''}</TableCell>
              <TableCell>{formatDateTime(x.createdAt)}</TableCell>
              {readOnly ? null : (
                <TableCell>
                  <IconButton
                    size="small"
                    aria-label={t('instructionProfiles.removeException', { name: x.topicLabel })}
                    onClick={() => {
                      remove.reset();
                      setRemoving(x);
                    }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {readOnly ? null : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
          <Autocomplete<MatrixTopic>
            sx={{ flex: 1, minWidth: 240 }}
            size="small"
            options={(topics.data ?? []).filter((o) => !taken.has(o.id))}
            value={topic}
            onChange={(_, next) => setTopic(next)}
            getOptionLabel={(o) => `${o.identifier} ${o.label}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('instructionProfiles.noMatches')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('instructionProfiles.topic')}
                error={Boolean(fields.topicId)}
                helperText={fields.topicId}
              />
            )}
          />
          <TextField
            sx={{ flex: 2 }}
            size="small"
            label={t('instructionProfiles.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(fields.reason)}
            helperText={fields.reason}
          />
          <Button variant="contained" disabled={!topic || add.isPending} onClick={submit}>
            {t('instructionProfiles.addException')}
          </Button>
        </Stack>
      )}
      {add.error && Object.keys(fields).length === 0 ? (
        <Alert severity="error">{errorMessage(add.error, t)}</Alert>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('instructionProfiles.removeExceptionTitle')}
        text={t('instructionProfiles.removeExceptionText', { name: removing?.topicLabel ?? '' })}
        confirmLabel={t('instructionProfiles.remove')}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: removing.id, version: removing.version },
            { onSuccess: () => setRemoving(null) },
          )
        }
        onClose={() => setRemoving(null)}
        error={remove.error}
        pending={remove.isPending}
      />
    </Stack>
  );
}
